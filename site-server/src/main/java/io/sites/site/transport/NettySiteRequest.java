package io.sites.site.transport;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.ssl.SslHandler;
import io.sites.api.site.SiteAddress;
import io.sites.site.serving.ResponseWriter;
import io.sites.site.serving.SiteRequest;
import io.sites.site.serving.SiteResponder;
import java.net.InetSocketAddress;

/**
 * A request on the site port, as {@link SiteResponder} reads it. An absolute-form target
 * ({@code GET http://shop.example.com/ HTTP/1.1}) names the host itself, and RFC 9112 (3.2.2) has it win over
 * the Host header, as Tomcat does on the API's port.
 */
record NettySiteRequest(HttpRequest request, Channel channel, String host, String rawPath, String query)
        implements SiteRequest {

    static NettySiteRequest of(HttpRequest request, Channel channel) {
        String uri = request.uri();
        String host = request.headers().get(HttpHeaderNames.HOST);
        int scheme = absoluteForm(uri);
        if (scheme > 0) {
            int end = scheme;
            while (end < uri.length() && "/?#".indexOf(uri.charAt(end)) < 0) {
                end++;
            }
            String authority = uri.substring(scheme, end);
            host = authority.substring(authority.lastIndexOf('@') + 1);
            uri = end < uri.length() && uri.charAt(end) == '/' ? uri.substring(end) : "/" + uri.substring(end);
        }
        return new NettySiteRequest(request, channel, SiteAddress.hostName(host), path(uri), query(uri));
    }

    /** Where the authority of an absolute-form target begins, or 0 when the target is not one. */
    private static int absoluteForm(String uri) {
        if (uri.regionMatches(true, 0, "http://", 0, 7)) {
            return 7;
        }
        return uri.regionMatches(true, 0, "https://", 0, 8) ? 8 : 0;
    }

    private static String path(String uri) {
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        int fragment = path.indexOf('#');
        return fragment < 0 ? path : path.substring(0, fragment);
    }

    private static String query(String uri) {
        int query = uri.indexOf('?');
        return query < 0 ? null : uri.substring(query + 1);
    }

    @Override
    public String method() {
        return request.method().name();
    }

    @Override
    public String header(String name) {
        return request.headers().get(name);
    }

    /** sendfile bypasses TLS: an HTTPS connection is sent copies from memory. */
    @Override
    public boolean sendsFiles() {
        return ResponseWriter.corkable(channel) != null && channel.pipeline().get(SslHandler.class) == null;
    }

    @Override
    public boolean secure() {
        // An HTTP/2 stream's TLS is its connection's.
        Channel connection = channel instanceof Http2StreamChannel stream ? stream.parent() : channel;
        return connection.pipeline().get(SslHandler.class) != null;
    }

    /** The address's own hash (an IPv4 address is its 32 bits): no string is made. */
    @Override
    public int addressHash() {
        return channel.remoteAddress() instanceof InetSocketAddress inet ? inet.getAddress().hashCode() : 0;
    }

    @Override
    public String remoteAddress() {
        return channel.remoteAddress() instanceof InetSocketAddress inet ? inet.getAddress().getHostAddress()
                : String.valueOf(channel.remoteAddress());
    }
}
