"""Teaching the box a card: the walk on the buttons, its words and refusals, the teacher that
starts it, and enrolling NFC tags.
"""
