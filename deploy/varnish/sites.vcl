# Varnish in front of the sites replicas (docker-compose.yml, profile "cache"; issue 38 item 4). It keeps what the
# sites answer as the site server says (s-maxage, Vary), keys each answer by the tags the site server sends
# (Surrogate-Key: site-<websiteId> version-<websiteId>-<n>) with the xkey vmod (Debian's varnish-modules), and drops
# every answer of a website when an api replica purges its tag before a publish's 201:
#   PURGE / HTTP/1.1
#   xkey-purge: site-<websiteId>
# Only from the addresses in "purgers", and never through the proxy: a request the proxy forwards carries its
# X-Forwarded-For and X-Forwarded-Host, so a visitor cannot purge. Private answers (a password, a preview grant) say private, no-store and
# are never kept (the built-in VCL); requests with credentials or cookies go straight to the replicas.
vcl 4.1;

import xkey;
import directors;

# BACKENDS (VarnishPurgeTest replaces this block with the replicas it starts)
# The fleet's proxy balances the sites replicas on an internal port (deploy/proxy/haproxy.cfg, :8082): Varnish
# resolves a backend's name once, to one address, and the replicas are many and come and go.
backend proxy {
    .host = "proxy";
    .port = "8082";
}

sub vcl_init {
    new sites = directors.round_robin();
    sites.add_backend(proxy);
}
# END BACKENDS

acl purgers {
    "localhost";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_recv {
    set req.backend_hint = sites.backend();
    if (req.method == "PURGE") {
        # Varnish sets X-Forwarded-For to the client's address, and appends it to one a proxy sent: a comma
        # (or the proxy's own X-Forwarded-Host) says the request came through the proxy, from a visitor.
        if (client.ip !~ purgers || req.http.X-Forwarded-For ~ "," || req.http.X-Forwarded-Host) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge names the tag to purge"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone));
    }
}

sub vcl_backend_response {
    # xkey reads its keys from the xkey header; the site server names them Surrogate-Key, as Fastly reads them.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
}

sub vcl_deliver {
    # The tags are for caches, not visitors.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
