/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * "devourerdeviceprovider": lists the adapters libdevourer can open
 * (dvr_list_adapters: supported USB adapters on the bus, and the virtual
 * adapters some process has on the shared air) for GstDeviceMonitor and
 * gst-device-monitor-1.0. Each adapter is shown twice, once as a
 * "Source/Network" device whose element is a devourersrc and once as a
 * "Sink/Network" device whose element is a devourersink, both with
 * `device` set to the adapter's selector. Probe only: every
 * gst_device_provider_get_devices() (or monitor start) lists afresh.
 */
#ifndef GST_DEVOURER_DEVICE_PROVIDER_H
#define GST_DEVOURER_DEVICE_PROVIDER_H

#include <gst/gst.h>

G_BEGIN_DECLS

#define GST_TYPE_DEVOURER_DEVICE_PROVIDER \
  (gst_devourer_device_provider_get_type ())
G_DECLARE_FINAL_TYPE (GstDevourerDeviceProvider,
    gst_devourer_device_provider, GST, DEVOURER_DEVICE_PROVIDER,
    GstDeviceProvider)

#define GST_TYPE_DEVOURER_DEVICE (gst_devourer_device_get_type ())
G_DECLARE_FINAL_TYPE (GstDevourerDevice, gst_devourer_device, GST,
    DEVOURER_DEVICE, GstDevice)

GST_DEVICE_PROVIDER_REGISTER_DECLARE (devourerdeviceprovider);

G_END_DECLS

#endif /* GST_DEVOURER_DEVICE_PROVIDER_H */
