#!/bin/sh
# Documentation tool: makes docs/screenshots/chat-web-notification.png, a real desktop
# notification of the chat web app drawn by a notification daemon beside the browser window.
# It starts a virtual X screen (Xvfb), a session D-Bus and dunst (a freedesktop notification
# daemon) and runs scripts/screenshot-notification.ts in them, which drives Debian's chromium
# with a window and captures the whole screen (ImageMagick's `import`).
# Needs: apt-get install xvfb dbus-x11 dunst imagemagick chromium
# Usage: scripts/screenshot-notification.sh [out.png]   (SCREEN=1280x800 by default)
set -eu
cd "$(dirname "$0")/.."
SCREEN=${SCREEN:-1280x800}
export SCREEN
work=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null; rm -rf "$work"' EXIT

# dunst's look: a light card at the top right, as desktop environments draw them, kept on
# screen until the capture.
cat > "$work/dunstrc" <<'RC'
[global]
    origin = top-right
    offset = 12x12
    width = (300, 380)
    notification_limit = 0
    font = DejaVu Sans 10
    format = "<b>%s</b>\n%b"
    markup = full
    padding = 12
    horizontal_padding = 14
    text_icon_padding = 12
    gap_size = 0
    frame_width = 1
    frame_color = "#c7ccd4"
    separator_height = 1
    separator_color = frame
    show_indicators = no
    icon_position = left
    min_icon_size = 40
    max_icon_size = 40
    show_age_threshold = -1
    ellipsize = end
    word_wrap = yes
    sort = no
[urgency_low]
    background = "#ffffff"
    foreground = "#111827"
    timeout = 0
[urgency_normal]
    background = "#ffffff"
    foreground = "#111827"
    timeout = 0
[urgency_critical]
    background = "#ffffff"
    foreground = "#111827"
    timeout = 0
RC

# A free display number: Xvfb writes the one it took.
Xvfb -displayfd 3 -screen 0 "${SCREEN}x24" -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
while [ ! -s "$work/display" ]; do sleep 0.1; done
DISPLAY=:$(cat "$work/display")
export DISPLAY

dbus-run-session -- sh -c '
  dunst -config "$1/dunstrc" 2>"$1/dunst.log" &
  dunst=$!
  # (asking the bus, not dunst: a call to dunst would start another one, with its default look)
  until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q true; do sleep 0.1; done
  node --import tsx scripts/screenshot-notification.ts "$2"
  status=$?
  kill $dunst
  exit $status
' sh "$work" "${1:-docs/screenshots/chat-web-notification.png}"
