// A shared library without BOBENCH_PLUGIN: not a bobench plugin.
extern "C" int not_a_bobench_plugin() { return 1; }
