"""The live feeds: the class quiz's long-poll feed and the watcher a screen waits with.
"""
