"""scripts/check-pi-os's parts: the commands it runs, the Pi-like root, the probe."""
