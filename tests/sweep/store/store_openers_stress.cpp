// Issue 55: N processes open, create or read one new results store at once, round after round.
// Each round makes a fresh store path; the children are released together through a pipe (a
// barrier), a few as readers (read-only opens, polling until the file exists) and the rest as
// writers (create or migrate the schema, record the run, insert one scene each). A child that
// sees any error prints it and exits 1. After each round the parent checks the schema (every
// table, world_version, one column per dimension, none twice) and that every writer's scene is
// there once. Prints the error count and exits non-zero if there was any.
//
// usage: store_openers_stress DIR [PROCESSES=8] [ROUNDS=50]
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "sweep/store/ResultsStore.hpp"
#include "sweep/store/SqliteDb.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

constexpr int kReaders = 2;  // of each round's processes; the rest write

RunInfo runInfo() {
    RunInfo r;
    r.name = "stress";
    r.config = {{"name", "stress"}};
    r.config_hash = "0123456789abcdef";
    r.lidar = {{"name", "hdl64e"}};
    r.tool_version = "0";
    r.started_at = "2026-12-07T14:00:00Z";
    r.world_version = "stress";
    return r;
}

SceneRow sceneOf(int writer) {
    SceneRow row;
    row.scene_id = "scene-" + std::to_string(writer);
    row.sample = {{"car_model", "sedan"}, {"x_m", 5 + writer}};
    row.valid_points = 1000 + writer;
    row.target_points = 10;
    row.cars = {{0, 1, 10, 12, 10.0 / 12.0, false}};
    row.classes = {{"car", 8, 1, 2, 8.0 / 11.0, 8.0 / 9.0, 0.8}};
    return row;
}

void writer(const std::string& path, int index) {
    ResultsStore store(path);
    store.beginRun(runInfo());
    store.insertScene(sceneOf(index));
    store.recordShard({0, 1, 1, 1, 1, ""});
}

void reader(const std::string& path) {
    while (!fs::exists(path)) usleep(200);
    const ResultsStore store(path, defaultDimensions(), SqliteAccess::ReadOnly);
    (void)store.run();
    (void)store.scenes();
    (void)store.shards();
}

int child(int barrier, const std::string& path, int index) {
    char go = 0;
    if (::read(barrier, &go, 1) < 0) return 2;  // blocks until the parent closes its end
    try {
        if (index < kReaders)
            reader(path);
        else
            writer(path, index);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "process " << index << " (" << (index < kReaders ? "reader" : "writer")
                  << "): " << e.what() << "\n";
        return 1;
    }
}

// Schema and rows after a round: the errors found, each printed.
int checkStore(const std::string& path, int processes) {
    int errors = 0;
    auto fail = [&](const std::string& what) {
        std::cerr << path << ": " << what << "\n";
        ++errors;
    };
    SqliteDb db(path, SqliteAccess::ReadOnly);
    for (const char* table : {"run", "scene", "scene_car", "scene_class", "shard"})
        if (db.columnsOf(table).empty()) fail(std::string("no table ") + table);
    const auto run = db.columnsOf("run");
    if (std::count(run.begin(), run.end(), "world_version") != 1)
        fail("run.world_version not there exactly once");
    const auto scene = db.columnsOf("scene");
    for (const auto& d : defaultDimensions().dims)
        if (std::count(scene.begin(), scene.end(), d.name) != 1)
            fail("scene." + d.name + " not there exactly once");
    const ResultsStore store(path, defaultDimensions(), SqliteAccess::ReadOnly);
    std::set<std::string> expected;
    for (int i = kReaders; i < processes; ++i) expected.insert(sceneOf(i).scene_id);
    if (store.finishedSceneIds() != expected) fail("the writers' scenes are not there once each");
    if (!store.run() || store.run()->world_version != "stress") fail("no run row");
    return errors;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: store_openers_stress DIR [PROCESSES] [ROUNDS]\n";
        return 2;
    }
    const fs::path dir = argv[1];
    const int processes = argc > 2 ? std::atoi(argv[2]) : 8;
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 50;
    fs::remove_all(dir);
    fs::create_directories(dir);
    int errors = 0;
    for (int round = 0; round < rounds; ++round) {
        const std::string path = (dir / ("round-" + std::to_string(round) + ".sqlite")).string();
        int barrier[2];
        if (::pipe(barrier) != 0) return 2;
        std::vector<pid_t> children;
        for (int i = 0; i < processes; ++i) {
            const pid_t pid = ::fork();
            if (pid == 0) {
                ::close(barrier[1]);
                std::fflush(nullptr);
                _exit(child(barrier[0], path, i));
            }
            children.push_back(pid);
        }
        ::close(barrier[0]);
        ::close(barrier[1]);  // all go
        for (const pid_t pid : children) {
            int status = 0;
            ::waitpid(pid, &status, 0);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++errors;
        }
        errors += checkStore(path, processes);
    }
    std::cout << "store_openers_stress: " << processes << " processes x " << rounds << " rounds, "
              << errors << " errors\n";
    fs::remove_all(dir);
    return errors == 0 ? 0 : 1;
}
