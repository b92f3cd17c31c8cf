"""The play page's parts: the new-match form, the review of a round, the play rating.
"""
