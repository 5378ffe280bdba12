"""What the players see: OLED screens, LED scenes and the words on them, in en / cs / uk.

* :mod:`.strings`: every user-facing string in the three languages, looked up by key;
* :mod:`.layout`: word wrap and measuring with the real OLED font, overflow and missing glyphs;
* :mod:`.screens`: pure functions drawing 128x64 1-bit screens;
* :mod:`.instructions`: engine events turned into physical steps for the players;
* :mod:`.scenes`: LED frames ``{hex: (r, g, b)}`` and animations at a steady frame rate.

Nothing here touches a device, the clock or the game state: the daemon shows what these make.
"""
