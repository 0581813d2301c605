#!/usr/bin/env sh
# Makes public/welcome.mp4, the short branded title video played by the dashboard's welcome
# dialog ("Watch Video"). Only ffmpeg (with librsvg and libfreetype, as Debian ships it) is needed:
#   sh scripts/make-welcome-video.sh [output.mp4]
# 8 s, 640x360, H.264 + a soft sine chime, well under 400 KB.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/public/welcome.mp4"}
ffmpeg=${FFMPEG_PATH:-ffmpeg}
font=${FONT_FILE:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
font_light=${FONT_FILE_LIGHT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
[ -f "$font" ] || { echo "Font not found: $font (set FONT_FILE)" >&2; exit 1; }
[ -f "$font_light" ] || font_light=$font

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The logo mark (same drawing as web/public/favicon.svg), white on transparent so it sits on the
# gradient.
cat > "$tmp/logo.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 64 64"><path d="M10 32c6-10 14-15 22-15s16 5 22 15c-6 10-14 15-22 15S16 42 10 32z" fill="#fff"/><circle cx="32" cy="32" r="8" fill="#5b3df5"/><path d="M30 28l7 4-7 4z" fill="#fff"/></svg>
SVG

# drawtext alpha ramps: fade in over 0.6 s from $1, fade out over 0.6 s ending at $2.
fade() { echo "if(lt(t,$1),0,if(lt(t,$1+0.6),(t-$1)/0.6,if(lt(t,$2-0.6),1,if(lt(t,$2),($2-t)/0.6,0))))"; }

# Texts go through files: no quoting trouble with apostrophes inside the filter graph.
printf '%s' "EyeMail" > "$tmp/t1.txt"
printf '%s' "Video that plays right in the inbox" > "$tmp/t2.txt"
printf '%s' "Upload   ·   Encode   ·   Publish   ·   Track" > "$tmp/t3.txt"
printf '%s' "Let's create your first EyeMail" > "$tmp/t4.txt"

title="drawtext=fontfile=$font:textfile=$tmp/t1.txt:fontsize=64:fontcolor=white:x=(w-text_w)/2:y=200-12*max(0\,1-(t-0.6)/0.6):alpha='$(fade 0.6 4.2)'"
tag="drawtext=fontfile=$font_light:textfile=$tmp/t2.txt:fontsize=26:fontcolor=white@0.92:x=(w-text_w)/2:y=282:alpha='$(fade 1.4 4.2)'"
steps="drawtext=fontfile=$font:textfile=$tmp/t3.txt:fontsize=22:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-20:alpha='$(fade 4.4 6.4)'"
cta1="drawtext=fontfile=$font:textfile=$tmp/t4.txt:fontsize=34:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-12:alpha='$(fade 6.5 8.6)'"

"$ffmpeg" -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=640x360:r=24:d=8:c0=0x4c2bd9:c1=0x7c3aed:c2=0x312e81:x0=0:y0=0:x1=640:y1=360:speed=0.012" \
  -loop 1 -framerate 24 -t 8 -i "$tmp/logo.svg" \
  -f lavfi -i "sine=frequency=523.25:duration=8:sample_rate=44100" \
  -f lavfi -i "sine=frequency=659.25:duration=8:sample_rate=44100" \
  -filter_complex "\
[1:v]scale=112:112,format=rgba,fade=t=in:st=0.2:d=0.6:alpha=1,fade=t=out:st=3.6:d=0.6:alpha=1[logo];\
[0:v][logo]overlay=x=(W-w)/2:y=62:format=auto,$title,$tag,$steps,$cta1,format=yuv420p,setsar=1[v];\
[2:a]volume=0.05,afade=t=in:st=0:d=0.4,afade=t=out:st=1.2:d=1.4[a1];\
[3:a]volume=0.04,adelay=600|600,afade=t=in:st=0.6:d=0.4,afade=t=out:st=2.0:d=2.0[a2];\
[a1][a2]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo,afade=t=out:st=7:d=1[a]" \
  -map "[v]" -map "[a]" -t 8 \
  -c:v libx264 -profile:v main -preset slow -crf 30 -maxrate 300k -bufsize 600k -r 24 \
  -color_primaries bt709 -color_trc bt709 -colorspace bt709 \
  -c:a aac -b:a 48k -ac 2 -movflags +faststart "$out"

echo "Wrote $out ($(wc -c < "$out") bytes)"
