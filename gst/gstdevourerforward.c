/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The network leg of devourersrc's distributed reception: UDP send of
 * forwarded frames, and the aggregator's receive thread. The datagram
 * format is the link layer's (link.h "Distributed reception"); here are
 * only sockets, addresses and the thread.
 */
#include "gstdevourerforward.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

/* ------------------------------------------------------------------ */
/* Addresses                                                           */
/* ------------------------------------------------------------------ */

/* "host:port" or "[v6]:port" -> the first address it resolves to, as a
 * native sockaddr. @need_port: a port of 0 is refused. */
static gboolean
resolve (const gchar * spec, gboolean need_port,
    struct sockaddr_storage *out, socklen_t * out_len, GSocketFamily * family,
    GError ** err)
{
  GSocketConnectable *na;
  GSocketAddressEnumerator *en;
  GSocketAddress *sa;
  gboolean ok = FALSE;

  na = g_network_address_parse (spec, 0, err);
  if (na == NULL)
    return FALSE;
  if (need_port && g_network_address_get_port (G_NETWORK_ADDRESS (na)) == 0) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
        "\"%s\": no UDP port (write host:port)", spec);
    g_object_unref (na);
    return FALSE;
  }
  en = g_socket_connectable_enumerate (na);
  sa = g_socket_address_enumerator_next (en, NULL, err);
  if (sa != NULL) {
    gssize len = g_socket_address_get_native_size (sa);

    if (len > 0 && (gsize) len <= sizeof (*out)
        && g_socket_address_to_native (sa, out, sizeof (*out), err)) {
      *out_len = (socklen_t) len;
      *family = g_socket_address_get_family (sa);
      ok = TRUE;
    } else if (err != NULL && *err == NULL) {
      g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
          "\"%s\": not an IP address", spec);
    }
    g_object_unref (sa);
  } else if (err != NULL && *err == NULL) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
        "\"%s\": no address", spec);
  }
  g_object_unref (en);
  g_object_unref (na);
  return ok;
}

/* "udp:ADDR:PORT" of a native address (IPv6 in brackets). */
static void
address_name (const struct sockaddr_storage *ss, socklen_t len, gchar * out,
    gsize cap)
{
  GSocketAddress *sa = g_socket_address_new_from_native ((gpointer) ss, len);

  if (sa != NULL && G_IS_INET_SOCKET_ADDRESS (sa)) {
    GInetSocketAddress *isa = G_INET_SOCKET_ADDRESS (sa);
    GInetAddress *ia = g_inet_socket_address_get_address (isa);
    gchar *ip = g_inet_address_to_string (ia);
    gboolean v6 =
        g_inet_address_get_family (ia) == G_SOCKET_FAMILY_IPV6;

    g_snprintf (out, cap, "udp:%s%s%s:%u", v6 ? "[" : "", ip, v6 ? "]" : "",
        (guint) g_inet_socket_address_get_port (isa));
    g_free (ip);
  } else {
    g_snprintf (out, cap, "udp:?");
  }
  if (sa != NULL)
    g_object_unref (sa);
}

/* ------------------------------------------------------------------ */
/* Forwarder                                                           */
/* ------------------------------------------------------------------ */

gboolean
gst_devourer_forwarder_start (GstDevourerForwarder * f, const gchar * spec,
    GError ** err)
{
  gchar **parts = g_strsplit_set (spec, ",; \t", -1);
  GString *names = g_string_new (NULL);
  gboolean ok = TRUE;

  memset (f, 0, sizeof (*f));
  for (guint i = 0; ok && parts[i] != NULL; i++) {
    GSocketFamily family;
    GSocket *sock;

    if (parts[i][0] == '\0')
      continue;
    if (f->n_dest == GST_DEVOURER_FORWARD_MAX_DEST) {
      g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
          "more than %d forward destinations", GST_DEVOURER_FORWARD_MAX_DEST);
      ok = FALSE;
      break;
    }
    if (!resolve (parts[i], TRUE, &f->addr[f->n_dest],
            &f->addr_len[f->n_dest], &family, err)) {
      ok = FALSE;
      break;
    }
    sock = g_socket_new (family, G_SOCKET_TYPE_DATAGRAM,
        G_SOCKET_PROTOCOL_UDP, err);
    if (sock == NULL) {
      ok = FALSE;
      break;
    }
    g_socket_set_blocking (sock, FALSE);
    f->socket[f->n_dest] = sock;
    {
      gchar name[96];

      address_name (&f->addr[f->n_dest], f->addr_len[f->n_dest], name,
          sizeof (name));
      g_string_append_printf (names, "%s%s", f->n_dest > 0 ? ", " : "",
          name + 4);
    }
    f->n_dest++;
  }
  g_strfreev (parts);
  if (ok && f->n_dest == 0) {
    g_set_error (err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
        "no forward destination in \"%s\"", spec);
    ok = FALSE;
  }
  f->names = g_string_free (names, FALSE);
  if (!ok)
    gst_devourer_forwarder_stop (f);
  return ok;
}

void
gst_devourer_forward_info (const struct dvr_rx_info *rx, guint wlan_idx,
    struct dvr_link_fwd_info *out)
{
  guint chains = MIN (rx->n_chains, DVR_LINK_FWD_ANTENNAS);

  memset (out->antenna, DVR_LINK_FWD_NO_ANTENNA, sizeof (out->antenna));
  memset (out->rssi, (guint8) DVR_LINK_FWD_NO_RSSI, sizeof (out->rssi));
  memset (out->noise, DVR_LINK_FWD_NO_NOISE, sizeof (out->noise));
  out->wlan_idx = (guint8) MIN (wlan_idx, 0xfeu);
  if (chains == 0) {
    /* One overall reading: antenna 0, no noise figure. */
    out->antenna[0] = 0;
    out->rssi[0] = rx->signal_dbm;
  }
  for (guint c = 0; c < chains; c++) {
    /* wfb-ng's noise slot is rssi - snr (src/wifibroadcast.hpp). */
    gint noise = (gint) rx->rssi_dbm[c] - (gint) rx->snr_db[c];

    out->antenna[c] = (guint8) c;
    out->rssi[c] = rx->rssi_dbm[c];
    out->noise[c] = (gint8) CLAMP (noise, -128, 126);
  }
  out->freq_mhz = rx->freq_mhz;
  out->mcs_index = (rx->rate.kind == DVR_RATE_HT
      || rx->rate.kind == DVR_RATE_VHT) ? rx->rate.mcs : 0;
  out->bandwidth_mhz = (guint8) MIN (rx->bw_mhz, 255u);
}

void
gst_devourer_forwarder_send (GstDevourerForwarder * f, guint wlan_idx,
    const struct dvr_rx_frame *frame)
{
  struct dvr_link_fwd_info info;
  guint8 hdr[DVR_LINK_FWD_HDR_LEN];
  const uint8_t *payload = NULL;
  size_t plen = dvr_link_fwd_payload (frame->data, frame->len, &payload);
  struct iovec iov[2];
  struct msghdr msg;

  if (plen == 0)
    return;
  gst_devourer_forward_info (&frame->info, wlan_idx, &info);
  dvr_link_fwd_put_header (&info, hdr);
  /* Header and frame leave as one datagram without a copy, as wfb-ng's
   * Forwarder sends them (src/rx.cpp). */
  iov[0].iov_base = hdr;
  iov[0].iov_len = sizeof (hdr);
  iov[1].iov_base = (void *) (uintptr_t) payload;
  iov[1].iov_len = plen;
  for (guint i = 0; i < f->n_dest; i++) {
    memset (&msg, 0, sizeof (msg));
    msg.msg_name = &f->addr[i];
    msg.msg_namelen = f->addr_len[i];
    msg.msg_iov = iov;
    msg.msg_iovlen = 2;
    if (sendmsg (g_socket_get_fd (f->socket[i]), &msg, MSG_DONTWAIT) < 0) {
      f->errors++;
      f->last_errno = errno;
    } else {
      f->frames++;
      f->bytes += sizeof (hdr) + plen;
    }
  }
}

void
gst_devourer_forwarder_stop (GstDevourerForwarder * f)
{
  for (guint i = 0; i < GST_DEVOURER_FORWARD_MAX_DEST; i++)
    g_clear_object (&f->socket[i]);
  f->n_dest = 0;
  g_clear_pointer (&f->names, g_free);
}

/* ------------------------------------------------------------------ */
/* Aggregator                                                          */
/* ------------------------------------------------------------------ */

void
gst_devourer_aggregator_init (GstDevourerAggregator * a)
{
  memset (a, 0, sizeof (*a));
  g_mutex_init (&a->lock);
}

void
gst_devourer_aggregator_clear (GstDevourerAggregator * a)
{
  gst_devourer_aggregator_stop (a);
  g_mutex_clear (&a->lock);
}

/* The slot of a known sender (lock held), or -1. */
static gint
find_remote (GstDevourerAggregator * a, const struct sockaddr_storage *ss,
    socklen_t len, guint8 wlan_idx)
{
  for (guint i = 0; i < a->n_remotes; i++) {
    const GstDevourerRemote *r = &a->remotes[i];

    if (r->addr_len == len && r->wlan_idx == wlan_idx
        && memcmp (&r->addr, ss, len) == 0)
      return (gint) i;
  }
  return -1;
}

/*
 * The slot a newcomer would get (lock held): a never used one, else the
 * one whose sender has been silent longest, if for at least the slot
 * timeout; -1 when every slot's sender is live. A live forwarder is
 * never displaced.
 */
static gint
free_slot (GstDevourerAggregator * a, gint64 now_us)
{
  gint64 oldest = G_MAXINT64;
  gint slot = -1;

  if (a->n_remotes < a->max_remotes)
    return (gint) a->n_remotes;
  for (guint i = 0; i < a->n_remotes; i++)
    if (a->remotes[i].heard_us < oldest) {
      oldest = a->remotes[i].heard_us;
      slot = (gint) i;
    }
  return slot >= 0 && now_us - oldest >= a->slot_timeout_us ? slot : -1;
}

/* Give @slot (from free_slot) to a sender that has proved itself (lock
 * held). */
static void
install_remote (GstDevourerAggregator * a, gint slot,
    const struct sockaddr_storage *ss, socklen_t len, guint8 wlan_idx,
    gint64 now_us)
{
  GstDevourerRemote *r = &a->remotes[slot];

  if ((guint) slot == a->n_remotes)
    a->n_remotes++;
  else
    a->expired++;
  memset (r, 0, sizeof (*r));
  memcpy (&r->addr, ss, len);
  r->addr_len = len;
  r->wlan_idx = wlan_idx;
  r->heard_us = now_us;
  r->datagrams = 1;
  address_name (ss, len, r->name, sizeof (r->name));
}

guint
gst_devourer_aggregator_live (GstDevourerAggregator * a)
{
  gint64 now = g_get_monotonic_time ();
  guint live = 0;

  g_mutex_lock (&a->lock);
  for (guint i = 0; i < a->n_remotes; i++)
    if (now - a->remotes[i].heard_us < a->slot_timeout_us)
      live++;
  g_mutex_unlock (&a->lock);
  return live;
}

/*
 * A forwarder whose copies always arrive after another one's gets every
 * frame refused as a duplicate, told by its nonce alone, which proves
 * nothing. It is as live as the first one, so once its slot nears the
 * timeout one of its copies is authenticated, at most every
 * PROBE_INTERVAL_US, to keep it.
 */
#define PROBE_INTERVAL_US (100 * G_TIME_SPAN_MILLISECOND)

static void
keep_alive_by_copy (GstDevourerAggregator * a, gint slot, gsize flen,
    gint64 now)
{
  GstDevourerRemote *r = &a->remotes[slot];
  gboolean probe;

  g_mutex_lock (&a->lock);
  probe = now - r->heard_us >= a->slot_timeout_us / 2
      && now - r->probed_us >= PROBE_INTERVAL_US;
  if (probe)
    r->probed_us = now;
  g_mutex_unlock (&a->lock);
  if (probe && a->authentic (a->user, a->frame, flen)) {
    g_mutex_lock (&a->lock);
    r->heard_us = now;
    g_mutex_unlock (&a->lock);
  }
}

/* Frames only the sender could have given the link: a fragment it had
 * not heard, or a session it adopts. */
static gboolean
verdict_is_new (int verdict)
{
  return verdict == DVR_LINK_RX_DATA || verdict == DVR_LINK_RX_LATE
      || verdict == DVR_LINK_RX_SESSION_NEW;
}

/* This link's traffic now, new or not: what keeps a slot. A duplicate is
 * not, being told by its nonce alone, before any authentication. */
static gboolean
verdict_is_current (int verdict)
{
  return verdict_is_new (verdict) || verdict == DVR_LINK_RX_SESSION;
}

/*
 * A frame of a sender without a slot. It is authenticated before
 * anything is spent on it, so garbage costs one check and touches
 * neither the link nor a slot. An authentic one goes into the link at
 * the slot it would get, and the sender keeps the slot only when the
 * link took the frame as new: a copy of a frame another adapter already
 * delivered, or a session packet the link already has, proves nothing a
 * recording could not.
 */
static void
handle_newcomer (GstDevourerAggregator * a, const struct sockaddr_storage *ss,
    socklen_t ss_len, const struct dvr_link_fwd_info *info, gsize flen,
    gint64 now)
{
  gint slot;
  int verdict;

  if (!a->authentic (a->user, a->frame, flen)) {
    g_mutex_lock (&a->lock);
    a->unauthenticated++;
    g_mutex_unlock (&a->lock);
    return;
  }
  g_mutex_lock (&a->lock);
  slot = free_slot (a, now);
  if (slot < 0)
    a->no_slot++;
  g_mutex_unlock (&a->lock);
  if (slot < 0)
    return;
  /* Only this thread changes the slots: @slot stays free meanwhile. */
  verdict = a->fn (a->user, (guint) slot, info, a->frame, flen);
  g_mutex_lock (&a->lock);
  if (verdict_is_new (verdict))
    install_remote (a, slot, ss, ss_len, info->wlan_idx, now);
  else
    a->unproven++;
  g_mutex_unlock (&a->lock);
}

void
gst_devourer_aggregator_take (GstDevourerAggregator * a,
    const struct sockaddr_storage *from, socklen_t from_len, gsize len,
    gint64 now_us)
{
  struct dvr_link_fwd_info info;
  const uint8_t *payload;
  size_t plen, flen;
  gint slot = -1;
  int kind;

  /* A datagram longer than the buffer (recvmsg's MSG_TRUNC length) is
   * parsed as one byte too long: refused as oversize, not cut short. */
  len = MIN (len, sizeof (a->dgram));
  g_mutex_lock (&a->lock);
  kind = dvr_link_fwd_parse (a->dgram, len, &info, &payload, &plen,
      &a->stats);
  if (kind == DVR_LINK_FWD_FRAME) {
    slot = find_remote (a, from, from_len, info.wlan_idx);
    if (slot >= 0)
      a->remotes[slot].datagrams++;
  }
  g_mutex_unlock (&a->lock);
  if (kind != DVR_LINK_FWD_FRAME)
    return;
  flen = dvr_link_fwd_frame (a->channel_id, payload, plen, a->frame,
      sizeof (a->frame));
  if (flen == 0)
    return;
  if (slot < 0) {
    handle_newcomer (a, from, from_len, &info, flen, now_us);
    return;
  }
  if (verdict_is_current (a->fn (a->user, (guint) slot, &info,
              a->frame, flen))) {
    g_mutex_lock (&a->lock);
    a->remotes[slot].heard_us = now_us;
    g_mutex_unlock (&a->lock);
  } else {
    keep_alive_by_copy (a, slot, flen, now_us);
  }
}

/* The socket's cumulative drop count, if this datagram carries it. */
static void
read_drops (GstDevourerAggregator * a, struct msghdr *msg)
{
#ifdef SO_RXQ_OVFL
  for (struct cmsghdr * c = CMSG_FIRSTHDR (msg); c != NULL;
      c = CMSG_NXTHDR (msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SO_RXQ_OVFL
        && c->cmsg_len >= CMSG_LEN (sizeof (guint32))) {
      guint32 drops;

      memcpy (&drops, CMSG_DATA (c), sizeof (drops));
      g_mutex_lock (&a->lock);
      a->kernel_drops = drops;
      g_mutex_unlock (&a->lock);
    }
  }
#else
  (void) a;
  (void) msg;
#endif
}

static gpointer
aggregator_thread (gpointer user)
{
  GstDevourerAggregator *a = user;
  int fd = g_socket_get_fd (a->socket);

  while (!g_cancellable_is_cancelled (a->cancel)) {
    if (!g_socket_condition_wait (a->socket, G_IO_IN, a->cancel, NULL))
      break;                    /* cancelled (or the socket failed) */
    for (;;) {
      struct sockaddr_storage ss;
      struct iovec iov = { a->dgram, sizeof (a->dgram) };
      struct msghdr msg = {
        .msg_name = &ss,.msg_namelen = sizeof (ss),
        .msg_iov = &iov,.msg_iovlen = 1,
        .msg_control = a->cmsg,.msg_controllen = sizeof (a->cmsg),
      };
      /* MSG_TRUNC: the datagram's real length, so one longer than the
       * buffer is refused as oversize instead of read cut short. */
      ssize_t n = recvmsg (fd, &msg, MSG_DONTWAIT | MSG_TRUNC);

      if (n < 0) {
        if (errno == EINTR)
          continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
          g_mutex_lock (&a->lock);
          a->recv_errors++;
          g_mutex_unlock (&a->lock);
        }
        break;
      }
      read_drops (a, &msg);
      gst_devourer_aggregator_take (a, &ss,
          MIN (msg.msg_namelen, (socklen_t) sizeof (ss)), (gsize) n,
          g_get_monotonic_time ());
    }
  }
  return NULL;
}

/*
 * Ask for @bytes of receive buffer: as root past net.core.rmem_max
 * (SO_RCVBUFFORCE), else up to it. Returns what the kernel gave, which
 * Linux reports doubled (half is its bookkeeping).
 */
static gint
size_receive_buffer (int fd, gint bytes)
{
  gint got = 0;
  socklen_t len = sizeof (got);

  if (bytes > 0) {
#ifdef SO_RCVBUFFORCE
    if (setsockopt (fd, SOL_SOCKET, SO_RCVBUFFORCE, &bytes,
            sizeof (bytes)) != 0)
#endif
      (void) setsockopt (fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof (bytes));
  }
  if (getsockopt (fd, SOL_SOCKET, SO_RCVBUF, &got, &len) != 0)
    return 0;
  return got / 2;
}

void
gst_devourer_aggregator_configure (GstDevourerAggregator * a,
    const GstDevourerAggregatorConfig * cfg)
{
  g_mutex_lock (&a->lock);
  memset (&a->stats, 0, sizeof (a->stats));
  a->no_slot = a->unauthenticated = a->unproven = a->expired = 0;
  a->kernel_drops = 0;
  a->recv_errors = 0;
  a->n_remotes = 0;
  a->max_remotes = MIN (cfg->max_remotes, (guint) DVR_LINK_MAX_ADAPTERS);
  a->slot_timeout_us = (gint64) cfg->slot_timeout_ms * G_TIME_SPAN_MILLISECOND;
  g_mutex_unlock (&a->lock);
  a->channel_id = cfg->channel_id;
  a->fn = cfg->fn;
  a->authentic = cfg->authentic;
  a->user = cfg->user;
}

gboolean
gst_devourer_aggregator_start (GstDevourerAggregator * a,
    const GstDevourerAggregatorConfig * cfg, GError ** err)
{
  struct sockaddr_storage ss;
  socklen_t ss_len;
  GSocketFamily family;
  GSocketAddress *sa, *local;
  const gchar *spec = cfg->spec;
  gchar *full;
  gboolean ok = FALSE;

  g_mutex_lock (&a->lock);
  a->bound[0] = '\0';
  a->port = 0;
  g_mutex_unlock (&a->lock);

  /* A bare port listens on the bind address (IPv6 in brackets). */
  if (spec[0] != '\0' && strspn (spec, "0123456789") == strlen (spec)) {
    const gchar *ba = cfg->bind_address != NULL && cfg->bind_address[0]
        ? cfg->bind_address : "127.0.0.1";

    full = strchr (ba, ':') != NULL && ba[0] != '['
        ? g_strdup_printf ("[%s]:%s", ba, spec)
        : g_strdup_printf ("%s:%s", ba, spec);
  } else {
    full = g_strdup (spec);
  }
  if (!resolve (full, FALSE, &ss, &ss_len, &family, err))
    goto out;
  a->socket = g_socket_new (family, G_SOCKET_TYPE_DATAGRAM,
      G_SOCKET_PROTOCOL_UDP, err);
  if (a->socket == NULL)
    goto out;
  g_socket_set_blocking (a->socket, FALSE);
  {
    gint asked = MAX (cfg->rcvbuf, 0);
    gint got = size_receive_buffer (g_socket_get_fd (a->socket), asked);

    g_mutex_lock (&a->lock);
    a->rcvbuf_asked = asked;
    a->rcvbuf = got;
    g_mutex_unlock (&a->lock);
  }
#ifdef SO_RXQ_OVFL
  {
    int one = 1;

    (void) setsockopt (g_socket_get_fd (a->socket), SOL_SOCKET, SO_RXQ_OVFL,
        &one, sizeof (one));
  }
#endif
  sa = g_socket_address_new_from_native (&ss, ss_len);
  ok = g_socket_bind (a->socket, sa, FALSE, err);
  g_object_unref (sa);
  if (!ok)
    goto out;
  ok = FALSE;
  local = g_socket_get_local_address (a->socket, err);
  if (local == NULL)
    goto out;
  {
    struct sockaddr_storage ls;
    gssize ll = g_socket_address_get_native_size (local);
    gchar name[sizeof (a->bound) + 4];

    if (ll > 0 && (gsize) ll <= sizeof (ls)
        && g_socket_address_to_native (local, &ls, sizeof (ls), NULL))
      address_name (&ls, (socklen_t) ll, name, sizeof (name));
    else
      g_snprintf (name, sizeof (name), "udp:%s", full);
    g_mutex_lock (&a->lock);
    a->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
    g_strlcpy (a->bound, name + 4, sizeof (a->bound));
    g_mutex_unlock (&a->lock);
  }
  g_object_unref (local);

  gst_devourer_aggregator_configure (a, cfg);
  a->cancel = g_cancellable_new ();
  a->thread = g_thread_try_new ("dvrsrc-aggregate", aggregator_thread, a,
      err);
  ok = a->thread != NULL;

out:
  g_free (full);
  if (!ok)
    gst_devourer_aggregator_stop (a);
  return ok;
}

void
gst_devourer_aggregator_stop (GstDevourerAggregator * a)
{
  if (a->thread != NULL) {
    g_cancellable_cancel (a->cancel);
    g_thread_join (a->thread);
    a->thread = NULL;
  }
  g_clear_object (&a->cancel);
  g_clear_object (&a->socket);
}
