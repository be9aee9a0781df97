/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syntax of devourer:// URIs, apart from any element:
 *
 *   devourer://DEVICE?NAME=VALUE&NAME=VALUE...
 *
 * DEVICE is the element's device selector (list) as it is written in the
 * `device` property (empty: the default, auto); each NAME=VALUE is one
 * property of the element. Both are percent-decoded (RFC 3986; '+' is a
 * plus sign, not a space). A '#' ends a URI, so the '#' of a
 * usb:VID:PID#N selector is written %23; a raw '#' is refused rather than
 * silently dropping what follows it. Which names exist and what values
 * they take is the element's business (gstdevourerurihandler.c).
 */
#ifndef GST_DEVOURER_URI_H
#define GST_DEVOURER_URI_H

#include <gst/gst.h>

G_BEGIN_DECLS

#define GST_DEVOURER_URI_SCHEME "devourer"

/* One parsed URI: the decoded device (NULL when the URI names none) and
 * the decoded parameters in URI order, names unique. */
typedef struct
{
  gchar *device;
  GPtrArray *names;             /* gchar *, owned */
  GPtrArray *values;            /* gchar *, owned, same length */
} GstDevourerUri;

/*
 * Parse @uri into @out (cleared first by the caller or zero-initialised;
 * release with gst_devourer_uri_clear). On a malformed URI returns FALSE
 * with a GST_URI_ERROR naming the fault and leaves @out empty. The
 * message shows the URI as gst_devourer_uri_redact gives it for @secrets
 * (NULL: none), and never the raw text of a secret value.
 */
gboolean gst_devourer_uri_parse (const gchar * uri,
    const gchar * const *secrets, GstDevourerUri * out, GError ** error);

/*
 * @uri as written, for a message or a log: the value of every parameter
 * whose decoded name is in the NULL-terminated @secrets (a password) is
 * shown as "***". Messages land in logs and on screens the key must not.
 */
gchar *gst_devourer_uri_redact (const gchar * uri,
    const gchar * const *secrets);

void gst_devourer_uri_clear (GstDevourerUri * uri);

/*
 * The URI of @device (NULL: none, the default) with @n parameters
 * @names[i]=@values[i], each escaped so gst_devourer_uri_parse gives the
 * same strings back.
 */
gchar *gst_devourer_uri_build (const gchar * device, const gchar * const
    *names, const gchar * const *values, guint n);

G_END_DECLS

#endif /* GST_DEVOURER_URI_H */
