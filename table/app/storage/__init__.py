"""The daemon's state folder: the journal, the settings, the progress, the NFC tag table, and the
guard shown while the folder is in trouble.
"""
