/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The "devourer" GStreamer plugin: devourersink and devourersrc, a WFB-NG
 * radio link over Realtek USB adapters driven from userspace by libdevourer,
 * and the device provider that lists those adapters.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/gst.h>

#include "gstdevourerdeviceprovider.h"
#include "gstdevourermeta.h"
#include "gstdevourerrxmetareg.h"
#include "gstdevourersink.h"
#include "gstdevourersrc.h"

#ifndef PACKAGE
#define PACKAGE "devourer"
#endif

static gboolean
plugin_init (GstPlugin * plugin)
{
  gboolean ok = FALSE;

  /* The buffer meta's API type, by name, before any buffer carries it:
   * what applications look it up by (gstdevourerrxmeta.h). */
  gst_devourer_rx_meta_api_get_type ();
  ok |= GST_ELEMENT_REGISTER (devourersink, plugin);
  ok |= GST_ELEMENT_REGISTER (devourersrc, plugin);
  ok |= GST_DEVICE_PROVIDER_REGISTER (devourerdeviceprovider, plugin);
  return ok;
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, devourer,
    "WFB-NG radio link over Realtek USB Wi-Fi adapters (libdevourer)",
    plugin_init, DEVOURER_VERSION, "LGPL", "devourer", GST_DEVOURER_ORIGIN)
