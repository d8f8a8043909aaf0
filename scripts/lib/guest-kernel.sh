# Sourced by scripts/guest-run.sh: the guest's kernel and modules, from Debian's linux-image package.
# Requires: $cache_root (where kernels are kept), $staging (set here; the caller removes it on exit), die, note.

# resolve_kernel_package: sets kernel_pkg and kernel_version to the versioned package that Debian's
# linux-image-amd64 depends on, as apt knows it now.
resolve_kernel_package() {
  local sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  apt-cache show linux-image-amd64 >/dev/null 2>&1 \
    || "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq \
    || die "apt-get update failed"
  kernel_pkg=$(apt-cache depends linux-image-amd64 2>/dev/null \
    | awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
  [ -n "$kernel_pkg" ] || die "cannot find the kernel package that linux-image-amd64 depends on (apt-cache depends)"
  kernel_version=$(apt-cache show --no-all-versions "$kernel_pkg" | awk '/^Version:/ { print $2; exit }')
}
# Kernel modules the guest needs, by name; their "depends=" come first. crc32c_generic is ext4's and jbd2's
# soft dependency (an alias that only modprobe would resolve); one driver for each device model of
# scripts/lib/guest-disk.sh (virtio-blk, virtio-scsi with SCSI disks, NVMe).
kGuestModules=(crc32c_generic virtio_pci virtio_blk virtio_scsi sd_mod nvme ext4)

# kernel_dir_name: the cache directory's name for kernel_pkg, kernel_version and these modules (a kernel prepared
# with other modules is prepared again, beside it).
kernel_dir_name() { echo "${kernel_pkg}_${kernel_version}-$(echo "${kGuestModules[*]}" | sha1sum | cut -c1-8)"; }
# kernel_dir_ready DIR: true when DIR holds a prepared kernel with these modules.
kernel_dir_ready() { [ -f "$1/kernel-release" ] && [ "$(cat "$1/modules/wanted" 2>/dev/null)" = "${kGuestModules[*]}" ]; }

# module_depends FILE.ko: the names in its .modinfo "depends=" field, one a line.
module_depends() {
  local info
  info=$(mktemp)
  objcopy -O binary --only-section=.modinfo "$1" "$info"
  tr '\0' '\n' <"$info" | sed -n 's/^depends=//p' | tr ',' '\n' | sed '/^$/d'
  rm -f "$info"
}

# extract_pvh_kernel BZIMAGE OUT: writes the uncompressed ELF kernel inside an xz-compressed bzImage, and
# succeeds only if it has a PVH entry point (Xen ELF note 18), which QEMU boots directly: under TCG this
# skips about 6 s of decompression and firmware.
extract_pvh_kernel() {
  local offset
  offset=$(LC_ALL=C grep -abo $'\xfd7zXZ' "$1" | head -1 | cut -d: -f1)  # the xz magic
  [ -n "$offset" ] || return 1
  tail -c +$((offset + 1)) "$1" | xz -dc >"$2" 2>/dev/null  # xz stops at the data after its stream
  [ -s "$2" ] && readelf -n "$2" 2>/dev/null | grep -q 'note type: (0x00000012)'
}

prepare_kernel() {
  local deb modules kver
  staging=$cache_root/.staging.$$
  mkdir -p "$staging/deb" "$staging/out/modules"
  note "downloading $kernel_pkg $kernel_version with apt-get download (once; cached in $cache_root)"
  (cd "$staging/deb" && apt-get download "$kernel_pkg=$kernel_version" >/dev/null 2>"$staging/apt.err") \
    || die "apt-get download $kernel_pkg=$kernel_version failed: $(grep -v '^W:' "$staging/apt.err" | tail -3)"
  deb=$(find "$staging/deb" -name '*.deb' | head -1)
  dpkg-deb -x "$deb" "$staging/x"
  cp "$staging"/x/boot/vmlinuz-* "$staging/out/vmlinuz" || die "no vmlinuz in $deb"
  extract_pvh_kernel "$staging/out/vmlinuz" "$staging/out/vmlinux" || rm -f "$staging/out/vmlinux"
  modules=$(find "$staging/x/lib/modules" -mindepth 1 -maxdepth 1 -type d | head -1)
  [ -n "$modules" ] || die "no /lib/modules in $deb"
  kver=$(basename "$modules")
  declare -A path_of=() builtin=() seen=()
  local file name
  while IFS= read -r file; do
    name=${file##*/}; name=${name%%.ko*}; path_of[${name//-/_}]=$file
  done < <(find "$modules/kernel" -name '*.ko*')
  while IFS= read -r file; do
    name=${file##*/}; name=${name%%.ko*}; builtin[${name//-/_}]=1
  done <"$modules/modules.builtin"
  : >"$staging/out/modules/order"
  visit() {
    local mod=$1 plain dep
    [ -z "${seen[$mod]:-}" ] || return 0
    seen[$mod]=1
    [ -z "${builtin[$mod]:-}" ] || return 0
    [ -n "${path_of[$mod]:-}" ] || die "kernel $kver has no module '$mod' and does not build it in"
    plain=$staging/out/modules/$mod.ko
    case ${path_of[$mod]} in
      *.ko) cp "${path_of[$mod]}" "$plain" ;;
      *.ko.xz) xz -dc "${path_of[$mod]}" >"$plain" ;;
      *.ko.zst) zstd -qdc "${path_of[$mod]}" >"$plain" ;;
      *.ko.gz) gzip -dc "${path_of[$mod]}" >"$plain" ;;
      *) die "unknown module compression: ${path_of[$mod]}" ;;
    esac
    for dep in $(module_depends "$plain"); do visit "${dep//-/_}"; done
    echo "$mod" >>"$staging/out/modules/order"
  }
  for name in "${kGuestModules[@]}"; do visit "$name"; done
  echo "${kGuestModules[*]}" >"$staging/out/modules/wanted"
  echo "$kernel_pkg $kernel_version ($kver)" >"$staging/out/kernel-release"
  # Another run may have prepared the same kernel meanwhile: keep the first one.
  mv -T "$staging/out" "$kernel_dir" 2>/dev/null || kernel_dir_ready "$kernel_dir" \
    || die "cannot create $kernel_dir"
}
