"""A uniform random search served through the protocol (tests, benchmarks)."""
import bobench


class RandomSearch(bobench.Optimizer):
    def ask(self):
        return self.space.sample(self.rng)


bobench.serve(RandomSearch)
