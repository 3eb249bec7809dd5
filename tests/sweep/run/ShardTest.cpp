// --shard i/N and --shard auto: the shard from a Slurm job array's or a Kubernetes Indexed Job's
// environment, and a clear error when neither is there.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/base/Error.hpp"
#include "sweep/run/Shard.hpp"

using namespace blindspot;

namespace {

EnvironmentLookup environmentOf(std::map<std::string, std::string> variables) {
    return [variables = std::move(variables)](const char* name) -> const char* {
        const auto it = variables.find(name);
        return it == variables.end() ? nullptr : it->second.c_str();
    };
}

std::string errorOf(const std::string& text, int count, const EnvironmentLookup& environment) {
    try {
        resolveShard(text, count, environment);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

void expectShard(const Shard& shard, int index, int count) {
    EXPECT_EQ(shard.index, index);
    EXPECT_EQ(shard.count, count);
}

}  // namespace

TEST(Shard, ExplicitSpecIsChecked) {
    expectShard(resolveShard("2/4", 0, environmentOf({})), 2, 4);
    for (const char* bad : {"3/2", "2/2", "-1/2", "1/0", "1", "a/b", "1/2x", "Auto"})
        EXPECT_THROW(parseShard(bad), ConfigError) << bad;
    // A count belongs to auto only.
    EXPECT_NE(errorOf("1/4", 4, environmentOf({})).find("--shard-count"), std::string::npos);
}

TEST(Shard, AutoReadsASlurmJobArray) {
    struct Case {
        const char* array;  // the sbatch --array it stands for
        std::map<std::string, std::string> environment;
        int index, count;
    };
    const Case cases[] = {
        // Slurm sets the task id and the array's count, min and max.
        {"0-3",
         {{"SLURM_ARRAY_TASK_ID", "2"},
          {"SLURM_ARRAY_TASK_COUNT", "4"},
          {"SLURM_ARRAY_TASK_MIN", "0"},
          {"SLURM_ARRAY_TASK_MAX", "3"}},
         2,
         4},
        // No COUNT (older Slurm): task 1 is shard 0 of 4.
        {"1-4",
         {{"SLURM_ARRAY_TASK_ID", "1"},
          {"SLURM_ARRAY_TASK_MIN", "1"},
          {"SLURM_ARRAY_TASK_MAX", "4"}},
         0,
         4},
        // Tasks 0, 2, 4, 6: task 6 is shard 3 of 4.
        {"0-6:2",
         {{"SLURM_ARRAY_TASK_ID", "6"},
          {"SLURM_ARRAY_TASK_MIN", "0"},
          {"SLURM_ARRAY_TASK_MAX", "6"},
          {"SLURM_ARRAY_TASK_STEP", "2"}},
         3,
         4},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.array);
        expectShard(resolveShard("auto", 0, environmentOf(c.environment)), c.index, c.count);
    }
    // A matching --shard-count is accepted, a different one is not.
    const auto array =
        environmentOf({{"SLURM_ARRAY_TASK_ID", "0"}, {"SLURM_ARRAY_TASK_COUNT", "4"}});
    expectShard(resolveShard("auto", 4, array), 0, 4);
    EXPECT_NE(errorOf("auto", 5, array).find("has 4 tasks"), std::string::npos);
}

TEST(Shard, AutoReadsAKubernetesIndexedJobWithItsCount) {
    const auto pod = environmentOf({{"JOB_COMPLETION_INDEX", "7"}});
    expectShard(resolveShard("auto", 8, pod), 7, 8);
    EXPECT_NE(errorOf("auto", 0, pod).find("--shard-count"), std::string::npos);
    EXPECT_NE(errorOf("auto", 7, pod).find("outside 0..6"), std::string::npos);
}

TEST(Shard, AutoWithoutASchedulerOrWithBadValuesFailsClearly) {
    const std::string none = errorOf("auto", 0, environmentOf({}));
    EXPECT_NE(none.find("--shard"), std::string::npos) << none;
    EXPECT_NE(none.find("SLURM_ARRAY_TASK_ID"), std::string::npos) << none;
    EXPECT_NE(none.find("JOB_COMPLETION_INDEX"), std::string::npos) << none;
    // A plain sbatch job (not an array) has no array count.
    EXPECT_NE(errorOf("auto", 0, environmentOf({{"SLURM_ARRAY_TASK_ID", "3"}})).find("--array"),
              std::string::npos);
    auto arrayTaskError = [](const char* id) {
        return errorOf(
            "auto", 0,
            environmentOf({{"SLURM_ARRAY_TASK_ID", id}, {"SLURM_ARRAY_TASK_COUNT", "4"}}));
    };
    EXPECT_NE(arrayTaskError("x").find("SLURM_ARRAY_TASK_ID is \"x\""), std::string::npos);
    EXPECT_NE(arrayTaskError("9").find("not one of the array's 4 tasks"), std::string::npos);
}
