"""The table loop's own machinery: modes, the loop bridge, background tasks, device supervision,
systemd, the turn timer.
"""
