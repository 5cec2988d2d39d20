#!/usr/bin/env bash
# Runs a one-machine Slurm cluster (munged + slurmctld + slurmd) for tests and CI.
#
#   scripts/slurm-local.sh          install if needed, configure, start, wait until the node is idle
#   scripts/slurm-local.sh stop     stop the three daemons this script started
#   scripts/slurm-local.sh status   print the daemons and `sinfo`; exit 1 when the cluster is not up
#
# Starts the daemons directly (no systemd: sandboxes and CI containers have none) and is idempotent:
# re-running while the cluster is up changes nothing. Writes /etc/slurm/slurm.conf (marked as ours;
# a slurm.conf written by anyone else is left alone and the script stops with an error).
#
# Environment:
#   SLURM_LOCAL_TIMEOUT   seconds to wait for the node to become idle (default 60)
set -euo pipefail

TIMEOUT="${SLURM_LOCAL_TIMEOUT:-60}"
CLUSTER="moviekit"
PARTITION="local"
MARKER="# Written by MovieKit scripts/slurm-local.sh"

CONF_DIR="/etc/slurm"
CONF="$CONF_DIR/slurm.conf"
MUNGE_KEY="/etc/munge/munge.key"
MUNGE_PID="/run/munge/munged.pid"
MUNGE_LOG="/var/log/munge/munged.log"
CTLD_PID="/run/slurm/slurmctld.pid"
SLURMD_PID="/run/slurm/slurmd.pid"
LOG_DIR="/var/log/slurm"
CTLD_LOG="$LOG_DIR/slurmctld.log"
SLURMD_LOG="$LOG_DIR/slurmd.log"
STATE_DIR="/var/spool/slurmctld"
SPOOL_DIR="/var/spool/slurmd"

if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
as_root() { "${SUDO[@]}" "$@"; }

say() { echo "slurm-local: $*"; }
die() { echo "slurm-local: error: $*" >&2; exit 1; }

# --- pid files ------------------------------------------------------------------------------------

# Prints the pid in file $1 when that process is alive and its command name is $2.
live_pid() {
  local file="$1" name="$2" pid
  pid="$(as_root cat "$file" 2>/dev/null || true)"
  [ -n "$pid" ] || return 1
  local stat comm
  read -r stat comm < <(ps -o stat=,comm= -p "$pid" 2>/dev/null || true) || return 1
  # A zombie (exited, not yet reaped: PID 1 in a sandbox reaps late) is not running.
  [ "$comm" = "$name" ] && [ "${stat:0:1}" != Z ] || return 1
  echo "$pid"
}

# Sends TERM to the daemon in pid file $1 (named $2) and waits up to 20 s for it to exit.
stop_daemon() {
  local file="$1" name="$2" pid
  if ! pid="$(live_pid "$file" "$name")"; then
    say "$name is not running"
    return 0
  fi
  as_root kill -TERM "$pid"
  for _ in $(seq 1 100); do
    live_pid "$file" "$name" >/dev/null || { say "stopped $name (pid $pid)"; return 0; }
    sleep 0.2
  done
  die "$name (pid $pid) did not exit within 20 s of SIGTERM"
}

# --- install --------------------------------------------------------------------------------------

install_packages() {
  local missing=() p
  for p in slurm-wlm munge; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing Debian packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# --- munge ----------------------------------------------------------------------------------------

munge_works() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }

setup_munge() {
  # munged refuses to start unless its key is owned by its own user and readable by nobody else,
  # and its state and socket folders are not writable by others.
  as_root install -d -o munge -g munge -m 0700 /etc/munge /var/log/munge
  as_root install -d -o munge -g munge -m 0711 /var/lib/munge
  as_root install -d -o munge -g munge -m 0755 /run/munge
  if ! as_root test -s "$MUNGE_KEY"; then
    say "creating $MUNGE_KEY"
    as_root dd if=/dev/urandom of="$MUNGE_KEY" bs=1024 count=1 status=none
  fi
  as_root chown munge:munge "$MUNGE_KEY"
  as_root chmod 0400 "$MUNGE_KEY"
}

start_munge() {
  if munge_works; then
    say "munged is already running"
    return 0
  fi
  say "starting munged"
  # munged forks into the background itself and writes its pid file. It must run as the key's
  # owner (as root it rejects files owned by munge). --force: start over a socket lock left by a
  # munged that was killed rather than stopped.
  as_root runuser -u munge -- /usr/sbin/munged --pid-file="$MUNGE_PID" --log-file="$MUNGE_LOG" --force
  for _ in $(seq 1 50); do
    munge_works && return 0
    sleep 0.1
  done
  echo "--- $MUNGE_LOG" >&2; as_root tail -n 30 "$MUNGE_LOG" >&2 || true
  die "munged did not answer within 5 s (munge -n | unmunge failed)"
}

# --- slurm.conf -----------------------------------------------------------------------------------

CONF_CHANGED=0

write_conf() {
  local host node_line tmp
  host="$(hostname -s)"
  # `slurmd -C` prints this machine's real layout, e.g.
  #   NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105
  node_line="$(slurmd -C | grep -m1 '^NodeName=')" || die "slurmd -C printed no NodeName line"

  if [ -e "$CONF" ] && ! grep -qxF "$MARKER" "$CONF"; then
    die "$CONF exists and was not written by this script; move it away to run a local test cluster"
  fi

  tmp="$(mktemp)"
  cat >"$tmp" <<EOF
$MARKER
# A one-machine cluster for tests and CI. Regenerated on every start; edit the script, not this file.
ClusterName=$CLUSTER
SlurmctldHost=$host(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
# No cgroups in a sandbox: track processes by parent pid and bind nothing.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# Cores are the consumable resource, so a 2-core node runs two 1-CPU array tasks at once.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# A node that was down comes back by itself once its slurmd registers with a valid configuration.
ReturnToService=2
MailProg=/bin/true
SlurmctldPidFile=$CTLD_PID
SlurmdPidFile=$SLURMD_PID
SlurmctldLogFile=$CTLD_LOG
SlurmdLogFile=$SLURMD_LOG
StateSaveLocation=$STATE_DIR
SlurmdSpoolDir=$SPOOL_DIR
SlurmctldTimeout=30
SlurmdTimeout=30
$node_line NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=$PARTITION Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  as_root install -d -m 0755 "$CONF_DIR"
  if as_root cmp -s "$tmp" "$CONF"; then
    rm -f "$tmp"
    return 0
  fi
  say "writing $CONF"
  as_root install -m 0644 "$tmp" "$CONF"
  rm -f "$tmp"
  CONF_CHANGED=1
}

make_slurm_dirs() {
  # slurmctld (as SlurmUser) must write its state, log and pid; slurmd (root) its spool.
  as_root install -d -o slurm -g slurm -m 0755 /run/slurm "$LOG_DIR"
  as_root install -d -o slurm -g slurm -m 0700 "$STATE_DIR"
  as_root install -d -o root -g root -m 0755 "$SPOOL_DIR"
}

# --- slurm daemons --------------------------------------------------------------------------------

start_slurm() {
  # Without -D both daemons fork into the background and write the pid files named in slurm.conf.
  if live_pid "$CTLD_PID" slurmctld >/dev/null; then
    say "slurmctld is already running"
  else
    say "starting slurmctld"
    as_root /usr/sbin/slurmctld
    wait_started "$CTLD_PID" slurmctld
  fi
  if live_pid "$SLURMD_PID" slurmd >/dev/null; then
    say "slurmd is already running"
  else
    say "starting slurmd"
    as_root /usr/sbin/slurmd
    wait_started "$SLURMD_PID" slurmd
  fi
}

# The daemons fork and return before the child writes its pid file: until then the file is missing or
# still names the process of an earlier run. Waits up to 15 s for it to name the running daemon.
wait_started() {
  local file="$1" name="$2"
  for _ in $(seq 1 150); do
    live_pid "$file" "$name" >/dev/null && return 0
    sleep 0.1
  done
  dump_logs
  die "$name did not start: $file names no running $name 15 s after launch (logs above)"
}

# The node's compact state: "idle", "mix", "alloc", or with a suffix such as "idle*" (not responding,
# e.g. restored from saved state before slurmd has registered), "drain", "down*" ...
node_state() {
  { sinfo --noheader --Node --partition="$PARTITION" --format='%t' 2>/dev/null || true; } | head -n1
}

dump_logs() {
  local f
  for f in "$MUNGE_LOG" "$CTLD_LOG" "$SLURMD_LOG"; do
    echo "--- last lines of $f" >&2
    as_root tail -n 40 "$f" >&2 2>/dev/null || echo "(no log)" >&2
  done
  echo "--- sinfo" >&2
  sinfo -N -l >&2 2>/dev/null || true
}

# Waits for the node to be usable, resuming it once if it is left down or drained from an earlier run.
wait_idle() {
  local host state deadline resumed=0
  host="$(hostname -s)"
  deadline=$((SECONDS + TIMEOUT))
  while :; do
    live_pid "$CTLD_PID" slurmctld >/dev/null || { dump_logs; die "slurmctld exited during startup (logs above)"; }
    live_pid "$SLURMD_PID" slurmd >/dev/null || { dump_logs; die "slurmd exited during startup (logs above)"; }
    state="$(node_state)"
    case "$state" in
      idle|mix|alloc|comp)
        say "node $host is $state"
        return 0 ;;
      down*|drain*|drng*|fail*)
        if [ "$resumed" -eq 0 ] && live_pid "$SLURMD_PID" slurmd >/dev/null; then
          say "node $host is $state (left from an earlier run); resuming it"
          as_root scontrol update nodename="$host" state=resume || true
          resumed=1
        fi ;;
    esac
    if [ "$SECONDS" -ge "$deadline" ]; then
      dump_logs
      die "node $host is '${state:-unknown}', not idle, after ${TIMEOUT} s (logs above)"
    fi
    sleep 0.5
  done
}

# --- commands -------------------------------------------------------------------------------------

cmd_start() {
  local t0=$SECONDS
  install_packages
  setup_munge
  write_conf
  make_slurm_dirs
  start_munge
  if [ "$CONF_CHANGED" -eq 1 ]; then
    # Running daemons would keep the old node or partition; restart them on the new file.
    if live_pid "$SLURMD_PID" slurmd >/dev/null || live_pid "$CTLD_PID" slurmctld >/dev/null; then
      say "slurm.conf changed; restarting the Slurm daemons"
      stop_daemon "$SLURMD_PID" slurmd
      stop_daemon "$CTLD_PID" slurmctld
    fi
  fi
  start_slurm
  wait_idle
  say "cluster up in $((SECONDS - t0)) s; partition '$PARTITION'"
}

cmd_stop() {
  # slurmd first so running job steps are not orphaned from their controller, munged last.
  stop_daemon "$SLURMD_PID" slurmd
  stop_daemon "$CTLD_PID" slurmctld
  stop_daemon "$MUNGE_PID" munged
}

cmd_status() {
  local ok=0 pid name file
  for name in munged slurmctld slurmd; do
    case "$name" in
      munged) file="$MUNGE_PID" ;;
      slurmctld) file="$CTLD_PID" ;;
      slurmd) file="$SLURMD_PID" ;;
    esac
    if pid="$(live_pid "$file" "$name")"; then say "$name running (pid $pid)"; else say "$name not running"; ok=1; fi
  done
  [ "$ok" -eq 0 ] && sinfo
  return "$ok"
}

case "${1:-start}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *) die "unknown argument '$1'; use start (default), stop or status" ;;
esac
