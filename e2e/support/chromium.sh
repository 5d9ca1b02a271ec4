#!/bin/sh
# Debian's Chromium headless shell (or $CHROMIUM_PATH) with one --disable-features and one
# --enable-features switch: Chromium keeps only the last of each, so the list launchChromium adds
# would otherwise replace the one Playwright passes before it. Every other argument goes through as
# it came. The headless shell is the same Chromium without the desktop browser around it (its
# windows, tabs and profile services): a browser context and a page load cost its browser process
# a third of what they cost the full one (a context with three page loads: 21 -> 7 CPU-s per 60).
# The full browser runs the files about notifications, which the shell denies (browser.ts
# `ChromiumBuild`, through CHROMIUM_PATH); CHROMIUM_PATH=/usr/bin/chromium runs every file on it.
disable=
enable=
for arg do
  shift
  case $arg in
    --disable-features=*) disable=${disable:+$disable,}${arg#--disable-features=} ;;
    --enable-features=*) enable=${enable:+$enable,}${arg#--enable-features=} ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ${disable:+"--disable-features=$disable"} \
  ${enable:+"--enable-features=$enable"} "$@"
