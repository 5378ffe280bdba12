"""What the players are shown: the step queue, the board as they have it, the views, the presenter
that draws the devices, the page's view.
"""
