#!/usr/bin/python3
"""The Kubernetes plan by schema (issue 17): `blindspot plan --k8s` for a 4-shard sweep, its
manifests parsed with PyYAML (an independent reader), the fields an Indexed Job needs checked,
and the Indexed Job's own command run here once per index with JOB_COMPLETION_INDEX set, as the
pods would run it. The merge Job's command must then give the unsharded run, row for row.

Usage: k8s_plan.py BLINDSPOT SOURCE_DIR WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

import yaml

cli, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
config = {"name": "k8s-night", "lidar": "hdl64e", "sampler": {"type": "grid"},
          "dimensions": {"car_model": {"values": ["sedan", "van"]},
                         "x": {"values": [6, 10, 14]}, "y": {"values": [-2, 2]},
                         "background": {"values": ["urban-01"]}}}
config_path = os.path.join(work, "night.json")
with open(config_path, "w") as f:
    json.dump(config, f)
subprocess.run([cli, "sweep", config_path, "-o", os.path.join(work, "unsharded"), "--threads", "1"],
               check=True, stderr=subprocess.DEVNULL)
mount = os.path.join(work, "volume")  # the claim's mount path, here a local directory
plan = os.path.join(work, "plan")
subprocess.run([cli, "plan", config_path, "--shards", "4", "--parallel", "2", "--k8s",
                "--cpus-per-task", "1", "--volume-mount", mount, "-o", plan], check=True)


def load(name):
    with open(os.path.join(plan, name)) as f:
        return yaml.safe_load(f)


configmap, job, merge = load("configmap.yaml"), load("sweep-job.yaml"), load("merge-job.yaml")
assert configmap["kind"] == "ConfigMap" and configmap["apiVersion"] == "v1"
assert json.loads(configmap["data"]["config.json"]) == config, "the ConfigMap holds the config"
assert job["apiVersion"] == "batch/v1" and job["kind"] == "Job"
spec = job["spec"]
assert spec["completionMode"] == "Indexed"
assert spec["completions"] == 4 and spec["parallelism"] == 2
assert spec["backoffLimitPerIndex"] >= 1
pod = spec["template"]["spec"]
assert pod["restartPolicy"] == "Never", "backoffLimitPerIndex requires restartPolicy Never"
volumes = {v["name"]: v for v in pod["volumes"]}
assert volumes["config"]["configMap"]["name"] == configmap["metadata"]["name"]
assert "claimName" in volumes["runs"]["persistentVolumeClaim"]
for p in (pod, merge["spec"]["template"]["spec"]):
    (container,) = p["containers"]
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    assert mounts == {"runs": mount, "config": "/config"}, mounts
    assert container["image"] and container["resources"]["requests"]["cpu"]
for name in (job["metadata"]["name"], merge["metadata"]["name"]):
    assert len(name) <= 52 and name.replace("-", "").isalnum() and name == name.lower(), name


def run_in_pod(manifest, index=None):
    """The container's command here: the config where the ConfigMap is mounted, blindspot on
    PATH as in the image."""
    command = manifest["spec"]["template"]["spec"]["containers"][0]["command"]
    assert command[:2] == ["/bin/sh", "-c"]
    script = command[2].replace("/config/config.json", os.path.join(plan, "config.json"))
    env = dict(os.environ, PATH=os.path.dirname(cli) + ":" + os.environ["PATH"])
    if index is not None:
        env["JOB_COMPLETION_INDEX"] = str(index)
    subprocess.run(["/bin/sh", "-c", script], env=env, check=True, stderr=subprocess.DEVNULL)


for index in range(spec["completions"]):
    run_in_pod(job, index)
run_in_pod(merge)
root = os.path.join(mount, "k8s-night")
assert sorted(os.listdir(os.path.join(root, "shards"))) == [f"shard-{i}" for i in range(4)]
assert os.path.exists(os.path.join(root, "report", "index.html"))
sys.exit(subprocess.run(["/usr/bin/python3", os.path.join(src, "tests/sweep/same_runs.py"),
                         os.path.join(work, "unsharded"), os.path.join(root, "merged")]).returncode)
