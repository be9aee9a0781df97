/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The device provider: probe the adapters with dvr_list_adapters() and
 * describe each as a source and a sink device. See
 * gstdevourerdeviceprovider.h.
 */
#include "gstdevourerdeviceprovider.h"

#include <string.h>

#include <devourer/devourer.h>

#include "gstdevourermeta.h"

GST_DEBUG_CATEGORY_STATIC (devourer_provider_debug);
#define GST_CAT_DEFAULT devourer_provider_debug

/* ------------------------------------------------------------------ */
/* One adapter, one direction                                          */
/* ------------------------------------------------------------------ */

struct _GstDevourerDevice
{
  GstDevice parent;
  gchar *selector;
  const gchar *factory;         /* "devourersrc" or "devourersink" */
};

G_DEFINE_TYPE (GstDevourerDevice, gst_devourer_device, GST_TYPE_DEVICE);

static GstElement *
gst_devourer_device_create_element (GstDevice * device, const gchar * name)
{
  GstDevourerDevice *self = GST_DEVOURER_DEVICE (device);
  GstElement *element = gst_element_factory_make (self->factory, name);

  if (element != NULL)
    g_object_set (element, "device", self->selector, NULL);
  return element;
}

static gboolean
gst_devourer_device_reconfigure_element (GstDevice * device,
    GstElement * element)
{
  GstDevourerDevice *self = GST_DEVOURER_DEVICE (device);
  GstElementFactory *factory = gst_element_get_factory (element);

  /* Only an element of the kind this device makes has our `device`. */
  if (factory == NULL || strcmp (GST_OBJECT_NAME (factory),
          self->factory) != 0)
    return FALSE;
  g_object_set (element, "device", self->selector, NULL);
  return TRUE;
}

static void
gst_devourer_device_finalize (GObject * object)
{
  GstDevourerDevice *self = GST_DEVOURER_DEVICE (object);

  g_free (self->selector);
  G_OBJECT_CLASS (gst_devourer_device_parent_class)->finalize (object);
}

static void
gst_devourer_device_class_init (GstDevourerDeviceClass * klass)
{
  GstDeviceClass *device_class = GST_DEVICE_CLASS (klass);

  device_class->create_element = gst_devourer_device_create_element;
  device_class->reconfigure_element = gst_devourer_device_reconfigure_element;
  G_OBJECT_CLASS (klass)->finalize = gst_devourer_device_finalize;
}

static void
gst_devourer_device_init (GstDevourerDevice * self)
{
  (void) self;
}

/* The USB IDs as udev writes them (lower-case hex, 4 digits). */
static gchar *
hex16 (guint16 id)
{
  return g_strdup_printf ("%04x", id);
}

static GstDevice *
make_device (const struct dvr_adapter_info *info, gboolean source)
{
  const gboolean virtual_adapter = strcmp (info->location, "virtual") == 0;
  gchar *vid = hex16 (info->vid), *pid = hex16 (info->pid);
  gchar *name = g_strdup_printf ("%s %s (%s, %s)", info->chip,
      source ? "WFB-NG receiver" : "WFB-NG sender", info->location,
      info->selector);
  GstStructure *props = gst_structure_new ("devourer-device-properties",
      "device.api", G_TYPE_STRING, "devourer",
      "device.bus", G_TYPE_STRING, virtual_adapter ? "virtual" : "usb",
      "device.vendor.id", G_TYPE_STRING, vid,
      "device.product.id", G_TYPE_STRING, pid,
      "devourer.selector", G_TYPE_STRING, info->selector,
      "devourer.chip", G_TYPE_STRING, info->chip,
      "devourer.location", G_TYPE_STRING, info->location,
      "devourer.vid", G_TYPE_UINT, (guint) info->vid,
      "devourer.pid", G_TYPE_UINT, (guint) info->pid, NULL);
  GstCaps *caps = gst_caps_new_any ();
  GstDevourerDevice *device = g_object_new (GST_TYPE_DEVOURER_DEVICE,
      "display-name", name,
      "device-class", source ? "Source/Network" : "Sink/Network",
      "caps", caps, "properties", props, NULL);

  device->selector = g_strdup (info->selector);
  device->factory = source ? "devourersrc" : "devourersink";
  gst_caps_unref (caps);
  gst_structure_free (props);
  g_free (name);
  g_free (vid);
  g_free (pid);
  return GST_DEVICE (device);
}

/* ------------------------------------------------------------------ */
/* The provider                                                        */
/* ------------------------------------------------------------------ */

struct _GstDevourerDeviceProvider
{
  GstDeviceProvider parent;
};

G_DEFINE_TYPE (GstDevourerDeviceProvider, gst_devourer_device_provider,
    GST_TYPE_DEVICE_PROVIDER);
/* Marginal: GstDeviceMonitor asks providers of this rank and above. */
GST_DEVICE_PROVIDER_REGISTER_DEFINE (devourerdeviceprovider,
    "devourerdeviceprovider", GST_RANK_MARGINAL,
    GST_TYPE_DEVOURER_DEVICE_PROVIDER);

static GList *
gst_devourer_device_provider_probe (GstDeviceProvider * provider)
{
  struct dvr_adapter_info *infos = NULL;
  GList *devices = NULL;
  int n, listed;

  (void) provider;
  /* The count first, then exactly that many; an adapter plugged in
   * between the calls shows at the next probe. */
  n = dvr_list_adapters (NULL, 0);
  if (n < 0) {
    GST_WARNING ("cannot list adapters: %s", dvr_strerror (n));
    return NULL;
  }
  if (n == 0)
    return NULL;
  infos = g_new0 (struct dvr_adapter_info, (gsize) n);
  listed = dvr_list_adapters (infos, (size_t) n);
  if (listed < 0) {
    GST_WARNING ("cannot list adapters: %s", dvr_strerror (listed));
    g_free (infos);
    return NULL;
  }
  if (listed > n)
    listed = n;
  for (int i = 0; i < listed; i++) {
    GST_DEBUG ("adapter %s: %s at %s (%04x:%04x)", infos[i].selector,
        infos[i].chip, infos[i].location, infos[i].vid, infos[i].pid);
    devices = g_list_append (devices, make_device (&infos[i], TRUE));
    devices = g_list_append (devices, make_device (&infos[i], FALSE));
  }
  g_free (infos);
  return devices;
}

static void
gst_devourer_device_provider_class_init (GstDevourerDeviceProviderClass *
    klass)
{
  GstDeviceProviderClass *provider_class = GST_DEVICE_PROVIDER_CLASS (klass);

  provider_class->probe = gst_devourer_device_provider_probe;
  gst_device_provider_class_set_static_metadata (provider_class,
      "Devourer adapter provider", "Source/Sink/Network",
      "Lists the Realtek USB Wi-Fi adapters libdevourer drives and the "
      "virtual adapters on the shared air, as WFB-NG link sources "
      "(devourersrc) and sinks (devourersink)", "devourer developers");
  gst_device_provider_class_add_metadata (provider_class,
      GST_ELEMENT_METADATA_DOC_URI, GST_DEVOURER_DOC_URI "#device-monitor");

  GST_DEBUG_CATEGORY_INIT (devourer_provider_debug, "devourerdeviceprovider",
      0, "devourer device provider");
}

static void
gst_devourer_device_provider_init (GstDevourerDeviceProvider * self)
{
  (void) self;
}
