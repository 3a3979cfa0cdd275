#!/usr/bin/env bash
# Runs the study crate's tests of bitboard_simd's AVX-512 copy on an emulated
# CPU that has AVX-512, for machines (like this project's) whose CPU has not.
#
#   tools/avx512-in-bochs.sh                 # the copies' comparison test
#   tools/avx512-in-bochs.sh FILTER [ARGS]   # any test filter and libtest flags
#
# It builds the library's unit tests as one static program, boots a Linux
# kernel in the Bochs emulator (Debian's bochs 2.7, CPU model `tigerlake`:
# AVX-512 F, VL, BW and more) with that program as the only process, and
# prints what it prints. Exit code: the tests' own, 2 for a missing tool, 3 if
# the emulated CPU did not offer AVX-512 to the default test, 125 if the
# emulator stopped without an answer. A run takes about a minute (most of it
# the kernel's boot; Bochs interprets every instruction).
#
# Needs Debian's packages bochs bochs-term bochsbios vgabios isolinux syslinux-common
# xorriso cpio gcc, and a kernel: SUDOKU37_BOCHS_KERNEL=/path/to/vmlinuz, or
# the newest linux-image-*-amd64 apt can download (kept in
# target/avx512-in-bochs/; a zstd-compressed one, 6.12 from bookworm-backports,
# boots in half the time of 6.1's xz).
#
# Bochs 2.7 describes its AVX-512 models' XSAVE areas wrongly, and the kernel
# then turns XSAVE (and with it AVX) off, so the kernel is told to ignore
# PKU, XSAVES and XSAVEC; FSRM is ignored too, since the kernel's memmove
# with it stops the boot. Only the kernel ignores them: the test program
# still sees the CPU's own CPUID.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache="$root/target/avx512-in-bochs"
default_filter="approaches::bitboard_simd::tests::every_copy_this_cpu_runs_guesses_and_answers_as_the_baseline"
timeout_seconds=${SUDOKU37_BOCHS_TIMEOUT:-1800}

missing=()
for tool in bochs-bin xorriso cpio gzip gcc cargo; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
for file in /usr/lib/ISOLINUX/isolinux.bin /usr/lib/syslinux/modules/bios/ldlinux.c32 \
    /usr/share/bochs/BIOS-bochs-latest /usr/share/vgabios/vgabios.bin; do
    [ -f "$file" ] || missing+=("$file")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "error: missing ${missing[*]}" >&2
    echo "install: apt-get install bochs bochs-term bochsbios vgabios isolinux syslinux-common xorriso cpio gcc" >&2
    exit 2
fi
mkdir -p "$cache"

# The kernel.
kernel=${SUDOKU37_BOCHS_KERNEL:-$cache/vmlinuz}
if [ ! -f "$kernel" ]; then
    package=$(apt-cache pkgnames linux-image- | grep -E '^linux-image-[0-9][0-9.+~a-z-]*-amd64$' |
        grep -v -- '-rt-\|-cloud-\|-dbg' | sort -V | tail -1 || true)
    if [ -z "$package" ]; then
        echo "error: no kernel: set SUDOKU37_BOCHS_KERNEL or make linux-image-*-amd64 downloadable" >&2
        exit 2
    fi
    echo "downloading $package for the emulator" >&2
    download=$(mktemp -d)
    (cd "$download" && apt-get download -qq "$package" >/dev/null)
    dpkg-deb -x "$download"/*.deb "$download/root"
    cp "$download"/root/boot/vmlinuz-* "$cache/vmlinuz.part"
    mv "$cache/vmlinuz.part" "$cache/vmlinuz"
    rm -rf "$download"
fi

# The emulated machine's only process: runs /prog with the arguments in
# /args, prints its exit code between markers, waits for the serial port to
# send everything, and powers off.
if [ ! -x "$cache/init" ]; then
    cat >"$cache/init.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>

int main(void) {
    mkdir("/dev", 0755);
    mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
    int console = open("/dev/console", O_RDWR);
    if (console >= 0) {
        dup2(console, 0);
        dup2(console, 1);
        dup2(console, 2);
    }
    mkdir("/proc", 0755);
    mount("proc", "/proc", "proc", 0, NULL);
    mkdir("/tmp", 0777);
    mount("tmpfs", "/tmp", "tmpfs", 0, NULL);
    static char text[65536];
    char *argv[1024];
    int argc = 0;
    argv[argc++] = "/prog";
    int args = open("/args", O_RDONLY);
    ssize_t size = args >= 0 ? read(args, text, sizeof text - 1) : 0;
    for (char *next = text; size > 0 && next < text + size && argc < 1023; next += strlen(next) + 1)
        argv[argc++] = next;
    argv[argc] = NULL;
    char *environment[] = {"PATH=/", "HOME=/tmp", "TERM=dumb", NULL};
    printf("@@@BEGIN@@@\n");
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        execve("/prog", argv, environment);
        perror("execve /prog");
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 255;
    printf("\nEXIT %d\n@@@END@@@\n", code);
    fflush(stdout);
    tcdrain(1);
    sync();
    usleep(200000);
    reboot(RB_POWER_OFF);
    for (;;)
        pause();
}
C
    gcc -static -Os -o "$cache/init.part" "$cache/init.c"
    mv "$cache/init.part" "$cache/init"
fi

# The library's unit tests, as one static program.
echo "building the library's unit tests (static, release)" >&2
program=$(cd "$root" && RUSTFLAGS="-C target-feature=+crt-static" cargo test -p sudoku37 --lib \
    --release --no-run --target x86_64-unknown-linux-gnu --message-format=json 2>/dev/null |
    grep -o '"executable":"[^"]*"' | tail -1 | sed 's/"executable":"\(.*\)"/\1/')
if [ -z "$program" ] || [ ! -x "$program" ]; then
    echo "error: the test build failed; run it by hand to see why:" >&2
    echo "  RUSTFLAGS=\"-C target-feature=+crt-static\" cargo test -p sudoku37 --lib --release --no-run --target x86_64-unknown-linux-gnu" >&2
    exit 2
fi
if [ $# -eq 0 ]; then
    set -- "$default_filter" --test-threads 1 --nocapture
fi

work=$(mktemp -d)
emulator=
cleanup() {
    [ -n "$emulator" ] && kill "$emulator" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/root" "$work/iso/isolinux"
cp "$cache/init" "$work/root/init"
cp "$program" "$work/root/prog"
: >"$work/root/args"
for argument in "$@"; do printf '%s\0' "$argument" >>"$work/root/args"; done
(cd "$work/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$work/iso/initrd.gz"
cp /usr/lib/ISOLINUX/isolinux.bin /usr/lib/syslinux/modules/bios/ldlinux.c32 "$work/iso/isolinux/"
cp "$kernel" "$work/iso/vmlinuz"
cat >"$work/iso/isolinux/isolinux.cfg" <<CFG
DEFAULT linux
PROMPT 0
TIMEOUT 0
LABEL linux
  KERNEL /vmlinuz
  INITRD /initrd.gz
  APPEND console=ttyS0 clearcpuid=pku,xsaves,xsavec,fsrm mitigations=off nokaslr panic=-1 tsc=reliable no_timer_check quiet loglevel=3
CFG
xorriso -as mkisofs -quiet -o "$work/boot.iso" -b isolinux/isolinux.bin -c isolinux/boot.cat \
    -no-emul-boot -boot-load-size 4 -boot-info-table "$work/iso" 2>"$work/xorriso.log" ||
    { cat "$work/xorriso.log" >&2; exit 2; }
# Debian's Bochs has no `nogui` display: a VNC display that waits for no one
# stands in. Its built-in debugger stops at the start: `c` goes on.
cat >"$work/bochsrc" <<RC
megs: 512
cpu: model=tigerlake, count=1, ips=100000000, reset_on_triple_fault=0, ignore_bad_msrs=1
romimage: file=/usr/share/bochs/BIOS-bochs-latest, options=fastboot
vgaromimage: file=/usr/share/vgabios/vgabios.bin
display_library: rfb, options="timeout=0"
ata0-master: type=cdrom, path=$work/boot.iso, status=inserted
boot: cdrom
com1: enabled=1, mode=file, dev=$work/serial.log
clock: sync=none, time0=local
mouse: enabled=0
magic_break: enabled=0
log: $work/bochs.log
panic: action=fatal
error: action=report
info: action=report
debug: action=ignore
speaker: enabled=0
sound: waveoutdrv=dummy, waveindrv=dummy, midioutdrv=dummy
RC
printf 'c\nquit\n' >"$work/debugger"
: >"$work/serial.log"
echo "booting the emulator (about a minute)" >&2
started=$(date +%s)
(cd "$work" && exec bochs-bin -q -f "$work/bochsrc" -rc "$work/debugger" </dev/null >"$work/bochs.out" 2>&1) &
emulator=$!
while kill -0 "$emulator" 2>/dev/null; do
    if tr -d '\r' <"$work/serial.log" | grep -aq '^@@@END@@@$'; then
        sleep 2
        kill "$emulator" 2>/dev/null || true
        break
    fi
    if [ $(($(date +%s) - started)) -ge "$timeout_seconds" ]; then
        echo "error: the emulator ran past ${timeout_seconds}s" >&2
        break
    fi
    sleep 1
done
wait "$emulator" 2>/dev/null || true
emulator=
log=$(tr -d '\r' <"$work/serial.log")
code=$(printf '%s\n' "$log" | sed -n 's/^EXIT \([0-9]*\)$/\1/p' | tail -1)
output=$(printf '%s\n' "$log" | awk '/^@@@BEGIN@@@$/ {on = 1; next} /^EXIT [0-9]*$/ {exit} on')
printf '%s\n' "$output"
echo "[emulated CPU: Bochs tigerlake; $(($(date +%s) - started)) s]" >&2
if [ -z "$code" ]; then
    echo "error: the emulator stopped without the tests' exit code; its serial log ends:" >&2
    printf '%s\n' "$log" | tail -30 >&2
    exit 125
fi
if [ "$1" = "$default_filter" ] && [ "$code" = 0 ] &&
    ! printf '%s\n' "$output" | grep -q 'compared with the baseline: .*"AVX-512"'; then
    echo "error: the emulated CPU did not offer AVX-512: the AVX-512 copy was not compared" >&2
    exit 3
fi
exit "$code"
