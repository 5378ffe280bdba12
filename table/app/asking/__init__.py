"""What the players are asked: the prompts, the pickers they are asked with, the cursor's defaults,
typed dice, card text by hand, map tiles.
"""
