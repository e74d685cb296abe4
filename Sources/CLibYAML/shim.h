#ifndef CLIBYAML_SHIM_H
#define CLIBYAML_SHIM_H
// The system libyaml (Debian/Ubuntu: libyaml-dev, macOS: brew install libyaml), found by pkg-config yaml-0.1.
#include <yaml.h>
#endif
