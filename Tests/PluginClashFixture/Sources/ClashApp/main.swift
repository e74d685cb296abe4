// Never built: its two policies would both be review.json, which the build plugin refuses.
print("unreachable")
