// The external problem: a pool of child processes speaking the problem half of
// docs/PROTOCOL.md. One problem object serves every worker thread (runners/plan.cpp), so
// it keeps idle processes in a mutex-guarded pool: an evaluation takes one (or starts
// one), and gives it back when it answered in step. A process that misbehaved is killed
// and the evaluation fails (NaN value: the experiment's on_failure policy applies); the
// next evaluation starts a fresh one.
#include "testfunctions/external/external_problem.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "core/error.hpp"
#include "core/external/child_process.hpp"
#include "core/external/protocol.hpp"
#include "core/interrupt.hpp"
#include "core/text.hpp"

namespace bobench::external_problem {

namespace {
using external::ChildProcess;
using external::Clock;
using external::ProcessError;
using external::ProtocolError;
using nlohmann::json;

Clock::duration duration(double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}
std::string seconds(Clock::duration d) { return format_double(std::chrono::duration<double>(d).count()) + " s"; }
std::string abbreviate(const std::string& s) { return s.size() <= 200 ? "'" + s + "'" : "'" + s.substr(0, 200) + "...'"; }

// What went wrong with a process, in words that do not name the evaluation, so that one
// cause is reported once however many evaluations it fails; and the end of its stderr.
struct Fault {
    std::string what, stderr_tail;
};

class ExternalProblem final : public Problem {
public:
    ExternalProblem(std::string command, double timeout, double startup_timeout)
        : command_(std::move(command)), timeout_(duration(timeout)), startup_timeout_(duration(startup_timeout)) {
        std::unique_ptr<ChildProcess> first;
        try {
            first = start(description_);
        } catch (const Fault& f) {
            throw UserError(who() + " cannot describe itself: " + f.what + tail_text(f.stderr_tail));
        }
        try {
            if (description_.contains("protocol") && description_["protocol"] != external::protocol_version)
                throw ProtocolError("it speaks protocol " + description_["protocol"].dump() + ", bobench speaks " +
                                    std::to_string(external::protocol_version));
            if (!description_.contains("space")) throw ProtocolError("it has no \"space\"");
            space_ = external::space_from_json(description_["space"]);
            if (description_.contains("optimum") && !description_["optimum"].is_null()) {
                if (!description_["optimum"].is_number()) throw ProtocolError("\"optimum\" must be a number or null");
                optimum_ = description_["optimum"].get<double>();
            }
            if (description_.contains("name")) {
                if (!description_["name"].is_string()) throw ProtocolError("\"name\" must be a string");
                name_ = description_["name"].get<std::string>();
            }
        } catch (const std::exception& e) {  // ProtocolError, or the Space's UserError (an empty domain)
            throw UserError(who() + ": its description is refused: " + e.what() + ": " +
                            abbreviate(description_.dump()));
        }
        idle_.push_back(std::move(first));
    }

    ~ExternalProblem() override {
        if (stop_requested()) return;  // stopping: the pool's destructors kill at once
        // close all first, then wait for all: the processes exit side by side
        const auto deadline = Clock::now() + std::min<Clock::duration>(timeout_, std::chrono::seconds(5));
        for (auto& p : idle_) {
            try {
                p->write("{\"type\":\"close\"}\n", deadline);
            } catch (...) {  // a broken or interrupted one is killed below
            }
        }
        for (auto& p : idle_) p->finish(deadline);
    }

    const Space& space() const override { return space_; }
    std::optional<double> optimum() const override { return optimum_; }
    Metadata metadata() const override {
        Metadata m{{"command", command_}};
        if (!name_.empty()) m["name"] = name_;
        return m;
    }

    Evaluation evaluate(const Point& x, Rng& rng) const override {
        // drawn first, whatever happens next, so the stream does not depend on which
        // process serves the point or whether an earlier one failed
        const std::uint64_t seed = rng() >> 32;
        Evaluation e;
        std::unique_ptr<ChildProcess> process;
        try {
            process = checkout();
            const json message = {{"type", "evaluate"}, {"x", external::point_to_json(space_, x)}, {"seed", seed}};
            const json reply = exchange(*process, message, "evaluate", timeout_, "timeout", {"value", "failed"});
            if (reply["type"] == "failed") {
                const json reason = reply.contains("reason") ? reply["reason"] : json();
                report("an evaluation failed: " + (reason.is_string() ? reason.get<std::string>() : reason.dump()), "");
            } else {
                e.value = field(*process, reply, "value", true);
                e.true_value = reply.contains("true_value") && !reply["true_value"].is_null()
                                   ? field(*process, reply, "true_value", false)
                                   : e.value;
                if (reply.contains("cost") && !reply["cost"].is_null()) e.cost = field(*process, reply, "cost", false);
                if (reply.contains("test_value") && !reply["test_value"].is_null())
                    e.test_value = field(*process, reply, "test_value", false);
            }
        } catch (const Fault& f) {
            report(f.what + "; bobench stopped the process, the next evaluation starts another", f.stderr_tail);
            return Evaluation{};  // NaN: a failed evaluation; `process` is killed on leaving
        }
        std::lock_guard lock(mutex_);
        idle_.push_back(std::move(process));
        return e;
    }

private:
    std::string who() const { return "external problem '" + command_ + "'"; }
    static std::string tail_text(const std::string& tail) {
        return tail.empty() ? "" : "; the end of its standard error:\n" + tail;
    }

    // A new process that has answered hello; `reply` is its description.
    std::unique_ptr<ChildProcess> start(json& reply) const {
        std::unique_ptr<ChildProcess> p;
        try {
            p = std::make_unique<ChildProcess>(command_);
        } catch (const ProcessError& e) {
            throw Fault{e.what(), ""};
        }
        reply = exchange(*p, {{"type", "hello"}, {"protocol", external::protocol_version}}, "hello", startup_timeout_,
                         "startup_timeout", {"problem"});
        return p;
    }

    // An idle process of the pool, or a new one: its description must be the first one's
    // (a problem whose space changed between processes would mix two problems in a run).
    std::unique_ptr<ChildProcess> checkout() const {
        {
            std::lock_guard lock(mutex_);
            if (!idle_.empty()) {
                auto p = std::move(idle_.back());
                idle_.pop_back();
                return p;
            }
        }
        json description;
        auto p = start(description);  // outside the lock: a start-up may take seconds
        if (description != description_)
            throw Fault{"a new process described another problem than the first: " + abbreviate(description.dump()),
                        p->stderr_tail()};
        return p;
    }

    // One message and its one reply of an `expected` type, within `timeout` (the parameter
    // `timeout_name`); a Fault for anything else.
    json exchange(ChildProcess& p, const json& message, const std::string& what, Clock::duration timeout,
                  const char* timeout_name, std::initializer_list<const char*> expected) const {
        if (const std::string extra = p.unread(); !extra.empty())
            throw Fault{"it sent more than one reply: before " + what + " came " +
                            abbreviate(extra.substr(0, extra.find('\n'))),
                        p.stderr_tail()};
        std::string line;
        try {
            const auto deadline = Clock::now() + timeout;
            p.write(message.dump() + "\n", deadline);
            line = p.read_line(deadline);
        } catch (const ProcessError& e) {
            if (e.kind == ProcessError::Kind::Timeout)
                throw Fault{"timed out after " + seconds(timeout) + " (parameter " + timeout_name + ") at " + what +
                                ": " + e.what(),
                            p.stderr_tail()};
            // usually it exited (a crash, an import that failed): say so rather than how the socket saw it
            if (p.finish(Clock::now() + std::min<Clock::duration>(timeout, std::chrono::seconds(2))))
                throw Fault{"the problem process " + p.state() + " before its reply to " + what, p.stderr_tail()};
            throw Fault{std::string(e.what()) + " before its reply to " + what, p.stderr_tail()};
        }
        json reply;
        try {
            reply = external::parse_message(line);
        } catch (const json::parse_error& e) {
            throw Fault{"the reply to " + what + " is not valid JSON (" + e.what() + "): " + abbreviate(line),
                        p.stderr_tail()};
        } catch (const json::out_of_range& e) {
            throw Fault{"the reply to " + what + " holds a number beyond a double's range: " + abbreviate(line),
                        p.stderr_tail()};
        } catch (const ProtocolError& e) {
            throw Fault{"the reply to " + what + " is refused: " + e.what() + ": " + abbreviate(line), p.stderr_tail()};
        }
        const std::string type = reply.is_object() && reply.contains("type") && reply["type"].is_string()
                                     ? reply["type"].get<std::string>()
                                     : std::string();
        if (type == "error")
            throw Fault{"it reported an error in reply to " + what + ": " +
                            (reply.contains("message") ? reply["message"].dump() : abbreviate(line)),
                        p.stderr_tail()};
        if (std::none_of(expected.begin(), expected.end(), [&](const char* t) { return type == t; })) {
            std::vector<std::string> types;
            for (const char* t : expected) types.push_back(std::string("\"") + t + "\"");
            throw Fault{"the reply to " + what + " must be a JSON object with \"type\": " + join(types, " or ") +
                            "; got " + abbreviate(line),
                        p.stderr_tail()};
        }
        return reply;
    }

    double field(ChildProcess& p, const json& reply, const char* key, bool required) const {
        if (!reply.contains(key) || !reply[key].is_number())
            throw Fault{std::string("the reply to evaluate ") + (required ? "needs" : "has") + " \"" + key +
                            "\"" + (required ? ", a number" : " that is not a number") + ": " +
                            abbreviate(reply.dump()),
                        p.stderr_tail()};
        return reply[key].get<double>();
    }

    // Says a cause of failed evaluations on standard error, once per problem and cause:
    // the run's summary counts the failed evaluations themselves.
    void report(const std::string& what, const std::string& tail) const {
        std::lock_guard lock(mutex_);
        if (!reported_.insert(what).second) return;
        std::cerr << "warning: " << who() << ": " << what << tail_text(tail) << "\n";
    }

    const std::string command_;
    const Clock::duration timeout_, startup_timeout_;
    json description_;  // the first process's reply to hello
    Space space_;
    std::optional<double> optimum_;
    std::string name_;
    mutable std::mutex mutex_;
    mutable std::vector<std::unique_ptr<ChildProcess>> idle_;
    mutable std::set<std::string> reported_;
};
}  // namespace

ProblemFactory factory() {
    return {"external",
            "a problem in another process, any language: JSON lines on stdin/stdout (docs/PROTOCOL.md, the problem "
            "protocol); Python: bobench.serve_problem",
            {ParamSpec::text("command", "", "the program and its arguments; shell syntax runs through /bin/sh -c")
                 .require(),
             ParamSpec::real("timeout", 60, "seconds to wait for each evaluation's reply; then it fails", 0.001, 86400),
             ParamSpec::real("startup_timeout", 60,
                             "seconds to wait for a process's description, its start-up included", 0.001, 86400)},
            [](const ProblemSetup&, const Args& a) -> std::shared_ptr<const Problem> {
                return std::make_shared<ExternalProblem>(a.text("command"), a.real("timeout"),
                                                         a.real("startup_timeout"));
            }};
}

}  // namespace bobench::external_problem
