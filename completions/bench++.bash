# bash completion for bench++ (installed as share/bash-completion/completions/bench++).
_bench_pp() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}

  case $prev in
    -d|--directory) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return ;;
    --csv|--json|--html) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    --cache) mapfile -t COMPREPLY < <(compgen -W "drop keep" -- "$cur"); return ;;
    --data) mapfile -t COMPREPLY < <(compgen -W "random zero" -- "$cur"); return ;;
    -u|--user) mapfile -t COMPREPLY < <(compgen -u -- "$cur"); return ;;
    -g|--group) mapfile -t COMPREPLY < <(compgen -g -- "$cur"); return ;;
    -s|--size|-n|--files|-m|--machine|--label|-r|--ram|-c|--concurrency|-x|--repeat|-z|--seed|--sync-size|\
    --seek-writes)
      return ;;
  esac

  if [ "${COMP_WORDS[1]}" = compare ]; then
    if [[ $cur == -* ]]; then
      mapfile -t COMPREPLY < <(compgen -W "--csv --json --html --by-label --help" -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -f -X '!*.@(csv|json)' -- "$cur"; compgen -d -- "$cur")
    fi
    return
  fi

  if [[ $cur == -* ]]; then
    local options
    options=$(bench++ --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)
    [ -n "$options" ] || options="--directory --size --files --per-char --ram --concurrency --repeat
      --machine --label --quiet --csv --json --sync-each --direct --cache --data --no-sync-test --sync-size
      --seek-writes --verify --detect --seed --user --group --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
  elif [ "$COMP_CWORD" -eq 1 ]; then
    mapfile -t COMPREPLY < <(compgen -W "compare" -- "$cur")
  fi
}
complete -F _bench_pp bench++
