#!/bin/sh
# Debian's Chromium (or $CHROMIUM_PATH) with one --disable-features and one --enable-features
# switch: Chromium keeps only the last of each, so the list launchChromium adds would otherwise
# replace the one Playwright passes before it. Every other argument goes through as it came.
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
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" ${disable:+"--disable-features=$disable"} \
  ${enable:+"--enable-features=$enable"} "$@"
