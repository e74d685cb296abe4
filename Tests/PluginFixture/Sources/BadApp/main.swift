// Never built: the build plugin refuses this target's policy first.
print("unreachable")
