"""The table daemon (``worms-table run``): one asyncio loop between the game and the devices.

* :mod:`.daemon`: the loop; modes (the new-game wizard, play, the end); faults; state files;
* :mod:`.prompts`: each decision -> OLED screen + LED scene + how the inputs answer it;
* :mod:`.wizard`: language, teams, optional rules, dice, placement, map entry;
* :mod:`.tracker`: the board as the players have it, and the steps they copy onto it;
* :mod:`.tags`: which card each NFC tag is (``worms-table enroll``, :mod:`.enroller`);
* :mod:`.notify`: systemd's notify protocol (READY, WATCHDOG) without a dependency.

On the box: the direction buttons move the cursor on the LED grid (or up and down a menu),
OK chooses, Back closes a sub-menu or goes back a wizard stage, a long press of Back undoes
the last answer (never past a die, a coin or a drawn card), a long OK ends map entry.  A
weapon is played by tapping its card on the reader; OK at that prompt plays none.  With a
rotary encoder, turning steps through the options.
"""
