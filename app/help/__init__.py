"""Help: the rules explained for the rule set in play."""
