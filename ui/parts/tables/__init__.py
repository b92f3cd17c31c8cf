"""A table of people on screen: its form, its changes, its view and its live feed.
"""
