"""The study pages of module 8, as a learner reaches them."""

CARD = "concepts/residual-connections.html"
MODULE = "modules/8.html"
MODULE_TEST = "modules/8-test.html"
TEST_KEY = "gradlab:progress:module-test:8"
CARD_QUESTION = "Once a block has a residual connection around it, what does the block learn?"
