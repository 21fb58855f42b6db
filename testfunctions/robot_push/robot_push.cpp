// Robot pushing with Box2D 2.4; the facts and their source are in robot_push.hpp. Bodies,
// fixtures and joints are created in the original's order (base, box object, circle
// object, hand 1, hand 2; each joint right after its body) so that Box2D's broad-phase
// proxies and its solver visit them in the same order. Box2D computes in float; the
// controller's arithmetic follows pybox2d's (torque in double, force in float vectors).
#include "testfunctions/robot_push/robot_push.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include <box2d/box2d.h>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "core/error.hpp"

namespace bobench::robot_push {

namespace {

constexpr float kTimeStep = 1.0f / 100.0f;
constexpr int kVelocityIterations = 10, kPositionIterations = 10;
constexpr int kSettleSteps = 100;  // steps after the longer push
constexpr double kGain = 30.0;     // the original's forceunit for a rectangular hand, and its torque gain

b2Body* add_base(b2World& world) {
    b2BodyDef def;  // static, at the origin: a 1000 x 1000 table every body is jointed to
    b2Body* base = world.CreateBody(&def);
    b2PolygonShape table;
    table.SetAsBox(500.0f, 500.0f);
    base->CreateFixture(&table, 0.0f);
    return base;
}

// Table friction: a friction joint to the base (and, by it, no contact with the base).
void add_table_friction(b2World& world, b2Body* base, b2Body* body, float max_force, float max_torque) {
    b2FrictionJointDef joint;
    joint.bodyA = base;
    joint.bodyB = body;
    joint.maxForce = max_force;
    joint.maxTorque = max_torque;
    world.CreateJoint(&joint);
}

// A dynamic body with one fixture, held back by the table (a friction joint to the base).
struct BodySpec {
    float density, friction, table_force, table_torque;
};
constexpr BodySpec kObject{0.05f, 0.01f, 5.0f, 2.0f}, kHand{0.1f, 0.1f, 2.0f, 2.0f};

b2Body* add_body(b2World& world, b2Body* base, const b2Shape& shape, const BodySpec& spec, double x, double y,
                 double angle = 0) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.position.Set(static_cast<float>(x), static_cast<float>(y));
    def.angle = static_cast<float>(angle);
    b2Body* body = world.CreateBody(&def);
    b2FixtureDef fixture;
    fixture.shape = &shape;
    fixture.density = spec.density;
    fixture.friction = spec.friction;
    body->CreateFixture(&fixture);
    add_table_friction(world, base, body, spec.table_force, spec.table_torque);
    return body;
}

// One control step of a hand towards velocity v* and angular velocity w*.
void drive(b2Body* hand, const b2Vec2& velocity, double angular_velocity) {
    const double mass = hand->GetMass();
    hand->ApplyTorque(static_cast<float>(mass * (angular_velocity - hand->GetAngularVelocity()) * kGain), true);
    const b2Vec2 force = static_cast<float>(kGain) * (static_cast<float>(mass) * (velocity - hand->GetLinearVelocity()));
    hand->ApplyForce(force, hand->GetPosition(), true);
}

double distance(double x, double y, double gx, double gy) { return std::hypot(gx - x, gy - y); }

class RobotPushProblem final : public Problem {
public:
    RobotPushProblem(long instance, double velocity_noise)
        : instance_(instance), goals_(instance_goals(instance)), noise_(velocity_noise), space_(make_space()) {}

    const Space& space() const override { return space_; }

    Evaluation evaluate(const Point& x, Rng& rng) const override {
        if (x.size() != kDimension)
            throw UserError("robot-push takes 14 inputs, got " + std::to_string(x.size()));
        Evaluation e;
        e.true_value = -reward(simulate(x.data()), goals_);
        e.value = e.true_value;
        if (noise_ > 0) {  // the original's perturbed commanded velocities
            boost::random::normal_distribution<double> normal(0.0, noise_);
            std::array<double, 4> offset;
            for (double& o : offset) o = normal(rng);
            e.value = -reward(simulate(x.data(), offset), goals_);
        }
        return e;
    }

    std::optional<double> optimum() const override { return -max_reward(goals_); }

    Metadata metadata() const override {
        return {{"suite", "robot-push"},
                {"instance", std::to_string(instance_)},
                {"dimension", std::to_string(kDimension)},
                {"goals", std::to_string(goals_.x1) + " " + std::to_string(goals_.y1) + " " +
                              std::to_string(goals_.x2) + " " + std::to_string(goals_.y2)}};
    }

private:
    static Space make_space() {
        constexpr double two_pi = 2 * std::numbers::pi;
        std::vector<Param> p;
        for (const char* robot : {"r1_", "r2_"}) {
            const std::string r = robot;
            p.push_back(Param::real(r + "x", -5, 5));
            p.push_back(Param::real(r + "y", -5, 5));
            p.push_back(Param::real(r + "vx", -10, 10));
            p.push_back(Param::real(r + "vy", -10, 10));
            p.push_back(Param::real(r + "duration", 2, 30));
            p.push_back(Param::real(r + "angle", 0, two_pi));
        }
        p.push_back(Param::real("r1_torque", -5, 5));
        p.push_back(Param::real("r2_torque", -5, 5));
        return Space(std::move(p));
    }

    long instance_;
    Goals goals_;
    double noise_;
    Space space_;
};

}  // namespace

Goals instance_goals(long instance) {
    if (instance == 0) return kOriginalGoals;
    Rng rng(derive_seed(hash_string("robot-push goals"), static_cast<std::uint64_t>(instance)));
    boost::random::uniform_real_distribution<double> u(-5.0, 5.0);
    Goals g{};
    g.x1 = u(rng);
    g.y1 = u(rng);
    g.x2 = u(rng);
    g.y2 = u(rng);
    return g;
}

std::array<double, 4> simulate(const double* x, const std::array<double, 4>& velocity_offset) {
    b2World world(b2Vec2(0.0f, 0.0f));
    world.SetAllowSleeping(true);
    b2Body* base = add_base(world);
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.5f);
    b2CircleShape circle;
    circle.m_radius = 1.0f;
    b2PolygonShape hand;  // 2 x 0.6
    hand.SetAsBox(1.0f, 0.3f);
    b2Body* object1 = add_body(world, base, box, kObject, 0, 2);
    b2Body* object2 = add_body(world, base, circle, kObject, 0, -2);
    b2Body* hand1 = add_body(world, base, hand, kHand, x[0], x[1], x[5]);
    b2Body* hand2 = add_body(world, base, hand, kHand, x[6], x[7], x[11]);

    const b2Vec2 v1(static_cast<float>(x[2] + velocity_offset[0]), static_cast<float>(x[3] + velocity_offset[1]));
    const b2Vec2 v2(static_cast<float>(x[8] + velocity_offset[2]), static_cast<float>(x[9] + velocity_offset[3]));
    const int steps1 = static_cast<int>(x[4] * 10), steps2 = static_cast<int>(x[10] * 10);  // Python's int()
    const int total = std::max(steps1, steps2) + kSettleSteps;
    for (int t = 0; t < total; ++t) {
        if (t < steps1) drive(hand1, v1, x[12]);
        if (t < steps2) drive(hand2, v2, x[13]);
        world.Step(kTimeStep, kVelocityIterations, kPositionIterations);
    }
    const b2Vec2 p1 = object1->GetPosition(), p2 = object2->GetPosition();
    return {p1.x, p1.y, p2.x, p2.y};
}

double max_reward(const Goals& g) { return distance(0, 2, g.x1, g.y1) + distance(0, -2, g.x2, g.y2); }

double reward(const std::array<double, 4>& p, const Goals& g) {
    return max_reward(g) - distance(p[0], p[1], g.x1, g.y1) - distance(p[2], p[3], g.x2, g.y2);
}

ProblemFactory robot_push_factory() {
    return {"robot-push",
            "14-D robot pushing (Wang et al. 2018; BORE's benchmark), Box2D: two hands push two objects to "
            "their goals; objective = -reward, f* = -(sum of start-to-goal distances); instance=0 is the "
            "original's goals, K >= 1 draws both goals in [-5,5]^2",
            {ParamSpec::integer("instance", 0, "0: the original goals (4,3.5) and (-4,3.5); K >= 1: goals drawn "
                                               "from a stream seeded by K",
                                0, 1000000),
             ParamSpec::real("velocity_noise", 0.0,
                             "std of Gaussian noise on the commanded velocities (the original uses 0.01); "
                             "true_value stays noise-free",
                             0.0, 10.0)},
            [](const ProblemSetup&, const Args& a) -> std::shared_ptr<const Problem> {
                return std::make_shared<RobotPushProblem>(a.integer("instance"), a.real("velocity_noise"));
            }};
}

}  // namespace bobench::robot_push
