"""The classroom on screen: the class quiz's shared pieces, the projector and a class at tables.
"""
