#ifndef CLIBYAMLBASELINE_SHIM_H
#define CLIBYAMLBASELINE_SHIM_H
// The system libyaml again, under its own module name: the root package's CLibYAML is not a
// product, and the benchmarks need libyaml's raw parser as the baseline the loader is measured against.
#include <yaml.h>
#endif
