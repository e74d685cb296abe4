// Never built: its two policies would both be review.json, which the build plugin's tool refuses.
print("unreachable")
