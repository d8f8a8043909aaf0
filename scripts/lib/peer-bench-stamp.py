# Used by scripts/peer-bench.sh: reads bonnie++'s stderr (its progress messages) and prints, as JSON, the text
# and the monotonic time at which each piece of it was seen: {"text": ..., "events": [[end offset, seconds]]}.
import json
import os
import time

events, text = [], b""
while True:
    data = os.read(0, 4096)
    if not data:
        break
    now = time.monotonic()
    text += data
    events.append((len(text), now))
print(json.dumps({"text": text.decode(errors="replace"), "events": events}))
