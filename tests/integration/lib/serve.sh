# Shared by the integration scripts that start `tilestone serve --port 0`: `served_url LOG` waits
# (up to 10 s) until the server's banner in LOG names its address, and prints it (nothing if the
# server never said it).
served_url() {  # served_url LOG
  local log=$1 url=""
  for _ in $(seq 100); do
    url=$(grep -o 'http://[0-9.]*:[0-9]*' "$log" 2>/dev/null | head -1)
    [ -n "$url" ] && break
    sleep 0.1
  done
  echo "$url"
}
