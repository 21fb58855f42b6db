// bobench: benchmark black-box optimizers. See README.md.
#include "cli/cli.hpp"

int main(int argc, char** argv) { return bobench::cli::main(argc, argv); }
