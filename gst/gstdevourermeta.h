/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where the plugin comes from and where its user documentation is: the
 * origin of GST_PLUGIN_DEFINE and the GST_ELEMENT_METADATA_DOC_URI of the
 * elements and the device provider (anchors are gst/README.md headings).
 */
#ifndef GST_DEVOURER_META_H
#define GST_DEVOURER_META_H

#define GST_DEVOURER_ORIGIN "https://github.com/OpenIPC/devourer"
#define GST_DEVOURER_DOC_URI \
  GST_DEVOURER_ORIGIN "/blob/HEAD/gst/README.md"

#endif /* GST_DEVOURER_META_H */
