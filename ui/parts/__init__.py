"""Parts the pages share: the board frame, the hint, the review, the class quiz's pieces..."""
