# Sourced by the image and fan-out scripts: how podman starts containers on these machines.
#
# PODMAN_RUNTIME (default runc): crun fails on the cgroup setup of some hosts, runc works there.
# PODMAN_ULIMITS (default nofile and nproc at 4096): podman asks the runtime for the host's maximum open files
# and processes; where the runtime may not raise them (runc: "error setting rlimits for ready process"), the
# container does not start. brewstats needs neither many files nor many threads (one per --jobs worker).
podman_runtime="${PODMAN_RUNTIME:-runc}"
read -r -a podman_ulimits <<< "${PODMAN_ULIMITS:---ulimit nofile=4096:4096 --ulimit nproc=4096:4096}"

# podman_run ARGS…: `podman run` with the runtime and limits above.
podman_run() { podman --runtime "$podman_runtime" run "${podman_ulimits[@]}" "$@"; }
