# Sourced by scripts/guest-run.sh: the guest's disk as a variant names it, its image, its QEMU arguments, and
# reading results back from it.
#
# A variant is a comma-separated list of KEY=VALUE (scripts/host-vs-guest.sh --variant, guest-run.sh --variant):
#   dev=virtio-blk|virtio-scsi|nvme     the device model (default virtio-blk)
#   format=raw|qcow2                    the image format (default raw)
#   preallocation=off|metadata|falloc|full   how the image is allocated when it is made (default off; qemu-img
#                                       says which a format takes: raw has no metadata)
#   iothread=on|off                     the device's I/O in an IOThread of its own (default off)
#   queues=N                            the device's queues (virtio-blk num-queues, virtio-scsi num_queues, NVMe
#                                       max_ioqpairs; default QEMU's)
#   anything else                       a -drive option (cache=none, aio=io_uring, discard=unmap, ...)
# QEMU and qemu-img check every value (check_disk_variant): nothing here second-guesses them.
# Requires: $qemu_bin, usage_error, die, note; sets the globals named below.

kDiskId=bench-disk kIothreadId=bench-io kScsiId=bench-scsi
# The -drive options that this file sets, which a variant may not.
kDriveKeysSetHere="file if id index media snapshot readonly driver node-name"

# parse_disk_variant SPEC: sets disk_dev, disk_format, disk_prealloc, disk_iothread, disk_queues and drive_opts (the
# -drive options left over, "" for none). Exits with a usage error naming what is wrong.
parse_disk_variant() {
  local spec=$1 word key value
  disk_dev=virtio-blk disk_format=raw disk_prealloc=off disk_iothread=off disk_queues="" drive_opts=""
  [ -n "$spec" ] || return 0
  IFS=, read -ra words <<<"$spec"
  for word in "${words[@]}"; do
    [ -n "$word" ] || usage_error "--variant '$spec' has an empty option"
    [[ $word == *=* ]] || usage_error "--variant: '$word' is not KEY=VALUE"
    key=${word%%=*} value=${word#*=}
    case " $kDriveKeysSetHere " in
      *" $key "*) usage_error "--variant: '$key' is set by this script (dev=, format= choose the disk)" ;;
    esac
    case $key in
      dev)
        case $value in virtio-blk|virtio-scsi|nvme) disk_dev=$value ;;
          *) usage_error "--variant: dev= wants virtio-blk, virtio-scsi or nvme, not '$value'" ;; esac ;;
      format)
        case $value in raw|qcow2) disk_format=$value ;;
          *) usage_error "--variant: format= wants raw or qcow2, not '$value'" ;; esac ;;
      preallocation) [ -n "$value" ] || usage_error "--variant: preallocation= wants a value"; disk_prealloc=$value ;;
      iothread)
        case $value in on|off) disk_iothread=$value ;;
          *) usage_error "--variant: iothread= wants on or off, not '$value'" ;; esac ;;
      queues)
        [[ $value =~ ^[1-9][0-9]{0,3}$ ]] || usage_error "--variant: queues= wants a number of queues, not '$value'"
        disk_queues=$value ;;
      *) drive_opts+=${drive_opts:+,}$word ;;
    esac
  done
}

# disk_facts: the variant's facts as --tag arguments, one a line (every key, defaults included, so each run
# says what it ran on): dev=, format=, preallocation=, iothread=, queues= and drive= (the -drive options).
disk_facts() {
  printf -- '--tag\n%s\n' "dev=$disk_dev" "format=$disk_format" "preallocation=$disk_prealloc" \
    "iothread=$disk_iothread" "queues=${disk_queues:-default}" "drive=$drive_opts"
}

# disk_guest_device: the block device the guest's kernel makes of the disk.
disk_guest_device() {
  case $disk_dev in virtio-blk) echo /dev/vda ;; virtio-scsi) echo /dev/sda ;; nvme) echo /dev/nvme0n1 ;; esac
}

# disk_qemu_args IMAGE: sets disk_args to QEMU's arguments for the disk: the -drive, an IOThread object when
# asked for, the device (and the SCSI controller under a SCSI disk).
disk_qemu_args() {
  local image=$1 queues_property="" controller
  disk_args=(-drive "file=$image,format=$disk_format,if=none,id=$kDiskId${drive_opts:+,$drive_opts}")
  local io=""
  if [ "$disk_iothread" = on ]; then disk_args+=(-object "iothread,id=$kIothreadId"); io=",iothread=$kIothreadId"; fi
  case $disk_dev in
    virtio-blk) [ -z "$disk_queues" ] || queues_property=",num-queues=$disk_queues"
      disk_args+=(-device "virtio-blk-pci,drive=$kDiskId$io$queues_property") ;;
    virtio-scsi) [ -z "$disk_queues" ] || queues_property=",num_queues=$disk_queues"
      controller="virtio-scsi-pci,id=$kScsiId$io$queues_property"
      disk_args+=(-device "$controller" -device "scsi-hd,drive=$kDiskId,bus=$kScsiId.0") ;;
    nvme) [ -z "$disk_queues" ] || queues_property=",max_ioqpairs=$disk_queues"
      # (QEMU's NVMe device has no IOThread in Debian 12's QEMU 7.2: QEMU itself says so when asked.)
      disk_args+=(-device "nvme,drive=$kDiskId,serial=benchpp$io$queues_property") ;;
  esac
}

# qemu_img_options: -o preallocation=... for qemu-img, or nothing for "off".
qemu_img_options() { [ "$disk_prealloc" = off ] || printf -- '-o\npreallocation=%s\n' "$disk_prealloc"; }

# check_disk_variant WORKDIR: QEMU's own verdict on the variant, before anything boots. qemu-img makes a 1 MiB
# image of the format and preallocation; QEMU opens it with the drive options and the device (its monitor reads
# "quit", so nothing runs). A refusal is a usage error with the tool's own words.
check_disk_variant() {
  local dir=$1 check_image="$1/check.$disk_format" options
  mapfile -t options < <(qemu_img_options)
  local status=0 why
  if ! qemu-img create -q -f "$disk_format" "${options[@]}" "$check_image" 1M 2>"$dir/check.err"; then
    why=$(qemu_error_summary "$dir/check.err" | sed "s|^qemu-img: ||; s|^$check_image: ||")
    usage_error "qemu-img refuses format=$disk_format with preallocation=$disk_prealloc: $why"
  fi
  disk_qemu_args "$check_image"
  # (In a subshell without core dumps, its own stderr to /dev/null: a QEMU that aborts leaves no core and no
  # line of bash's about it.)
  (ulimit -c 0; printf 'quit\n' | "$qemu_bin" -S -accel tcg -nodefaults -no-user-config -display none -serial none \
      -monitor stdio "${disk_args[@]}" >/dev/null 2>"$dir/check.err") 2>/dev/null || status=$?
  if [ "$status" -ne 0 ]; then
    why=$(qemu_error_summary "$dir/check.err")
    [ -n "$why" ] || why="it exited with status $status and no message"
    usage_error "QEMU refuses the variant '$(variant_text)': $why"
  fi
  rm -f "$check_image" "$dir/check.err"
}

# variant_text: the variant as one short line (dev=, format= and the rest that differ from the defaults).
variant_text() {
  local text=""
  [ "$disk_dev" = virtio-blk ] || text+="dev=$disk_dev,"
  [ "$disk_format" = raw ] || text+="format=$disk_format,"
  [ "$disk_prealloc" = off ] || text+="preallocation=$disk_prealloc,"
  [ "$disk_iothread" = off ] || text+="iothread=$disk_iothread,"
  [ -z "$disk_queues" ] || text+="queues=$disk_queues,"
  text+=$drive_opts
  echo "${text%,}"
}

# make_disk_image STAGING_RAW MIB INODES IMAGE: an ext4 filesystem made on the sparse raw file STAGING_RAW, then
# turned into IMAGE in the variant's format and preallocation (qemu-img convert; a plain raw image is
# STAGING_RAW itself, moved).
make_disk_image() {
  local staging=$1 mib=$2 inodes=$3 image=$4 options
  truncate -s "${mib}M" "$staging"
  mkfs.ext4 -q -F -L bench-guest -N "$inodes" -E lazy_itable_init=0,lazy_journal_init=0,nodiscard "$staging" \
    || die "mkfs.ext4 failed on the disk image"
  if [ "$disk_format" = raw ] && [ "$disk_prealloc" = off ]; then mv "$staging" "$image"; return 0; fi
  mapfile -t options < <(qemu_img_options)
  qemu-img convert -f raw -O "$disk_format" "${options[@]}" "$staging" "$image" \
    || die "qemu-img convert failed to make the $disk_format image"
  rm -f "$staging"
}

# disk_as_raw IMAGE RAW: the path of a raw copy of IMAGE that debugfs can read (IMAGE itself when it is raw).
disk_as_raw() {
  if [ "$disk_format" = raw ]; then echo "$1"; return 0; fi
  qemu-img convert -f "$disk_format" -O raw "$1" "$2" || die "qemu-img cannot read the guest's $disk_format image"
  echo "$2"
}
