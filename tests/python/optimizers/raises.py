"""A bobench.serve optimizer whose ask raises at the second call: serve reports the
exception to bobench, which fails the run with its message."""
import bobench


class Raises(bobench.Optimizer):
    def ask(self):
        if getattr(self, "asked", False):
            raise ValueError("the model diverged")
        self.asked = True
        return self.space.sample(self.rng)


bobench.serve(Raises)
