# SPDX-License-Identifier: MIT
# A ReFrame site configuration for a Slurm cluster, as tried with ze_slm.py on a one-node
# and a two-node Slurm 22.05 (Debian's slurm-wlm, no accounting: hence the squeue
# scheduler; with accounting, "slurm"). Put your login nodes' names in hostnames and
# your GPU partition under partitions (access: its sbatch options, such as
# "--gres=gpu:4").
#
#   reframe -C reference/reframe/site_slurm.py -c reference/reframe/ze_slm.py -r \
#       -S bench=$PWD/build/ze-slm-bench -S gpus_per_node=4 -S num_nodes=2
site_configuration = {
    "systems": [
        {
            "name": "cluster",
            "descr": "Slurm cluster with GPU nodes",
            "hostnames": [".*"],
            "partitions": [
                {
                    "name": "gpu",
                    "scheduler": "squeue",
                    "launcher": "srun",
                    "access": ["--overcommit"],
                    "environs": ["builtin"],
                    "max_jobs": 4,
                }
            ],
        }
    ],
    "environments": [{"name": "builtin", "cc": "cc"}],
}
