"""The players' inputs by name, one table for both sides: the profile names the pins after them,
the buttons report them (table/devices/buttons.py), the prompts and the page read them.

>>> BUTTONS
('1', '2', '3', '4', '5', '6', 'ok', 'back')
>>> dict(zip(ENCODER, ENCODER_PINS))
{'cw': 'a', 'ccw': 'b', 'ok': 'ok', 'back': 'back'}
"""

#: the six direction buttons round OK
DIRECTIONS = ("1", "2", "3", "4", "5", "6")
#: a rotary encoder's turns, one input a detent (the build with an encoder instead of six buttons)
TURNS = ("cw", "ccw")
#: the two keys of every build
KEYS = ("ok", "back")
#: the inputs of a build with six direction buttons, and their pins' names in its profile
BUTTONS = DIRECTIONS + KEYS
#: the inputs of a build with a rotary encoder
ENCODER = TURNS + KEYS
#: the encoder build's pins in its profile, in the order of ENCODER (a, b: the encoder's phases)
ENCODER_PINS = ("a", "b") + KEYS
