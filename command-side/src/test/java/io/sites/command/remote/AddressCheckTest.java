package io.sites.command.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The SSRF matrix at the unit level: every spelling parsed as inet_aton would, every address class judged. */
class AddressCheckTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "https://127.0.0.1/, 127.0.0.1",
            "https://2130706433/, 127.0.0.1",
            "https://0x7f000001/, 127.0.0.1",
            "https://017700000001/, 127.0.0.1",
            "https://0x7f.0.0.1/, 127.0.0.1",
            "https://0177.0.0.1/, 127.0.0.1",
            "https://127.1/, 127.0.0.1",
            "https://127.0.1/, 127.0.0.1",
            "https://0/, 0.0.0.0",
            "https://10.1/, 10.0.0.1",
            "https://0xa9.0xfe.0xa9.0xfe/, 169.254.169.254",
            "https://2852039166/, 169.254.169.254",
            "https://192.168.1.1./, 192.168.1.1",
            "https://[::1]/, 0:0:0:0:0:0:0:1",
            "https://[::ffff:127.0.0.1]/, 127.0.0.1",
            "https://[::ffff:7f00:1]/, 127.0.0.1",
    })
    void numericSpellingsAreReadAsTheAddressTheyMean(String url, String address) throws Exception {
        SourceLocation location = SourceLocation.parse(url);
        assertThat(location.literal()).isNotNull();
        assertThat(location.literal().getHostAddress()).isEqualTo(address);
        assertThat(PublicAddresses.refusal(location.literal())).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "0.0.0.0", "127.0.0.1", "127.255.255.254", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.0.1",
            "169.254.169.254", "100.64.0.1", "100.127.255.255", "224.0.0.1", "239.255.255.255", "240.0.0.1",
            "255.255.255.255", "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.1", "203.0.113.1",
            "::", "::1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1", "64:ff9b::a00:1",
            "2002:7f00:1::", "2002:c0a8:101::1", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "fec0::1",
            "ff02::1", "2001:db8::1", "2001::1", "100::1", "3fff::1"})
    void privateAndSpecialAddressesAreRefused(String text) throws Exception {
        assertThat(PublicAddresses.refusal(InetAddress.getByName(text))).as(text).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111",
            "2a00:1450:4001::1"})
    void publicAddressesAreAllowed(String text) throws Exception {
        assertThat(PublicAddresses.refusal(InetAddress.getByName(text))).as(text).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.com/a.png", "ftp://example.com/a", "https://user@example.com/",
            "https://[fe80::1%25eth0]/", "https://1.2.3.4.5/", "https://256.1.1.1/", "https://08.0.0.1/",
            "https://example.com:0/", "https://exa_mple.com/", "/relative.png", "https:///nohost"})
    void malformedOrNonHttpsUrlsAreRefusedBeforeAnyLookup(String url) {
        assertThatThrownBy(() -> SourceLocation.parse(url)).isInstanceOf(SourceLocation.Invalid.class);
    }

    @ParameterizedTest
    @CsvSource({"https://cdn.example.com/a.png?x=1, cdn.example.com, 443, /a.png?x=1",
            "https://Example.COM:8443, example.com, 8443, /"})
    void namesAreKeptForLookupAndTls(String url, String host, int port, String target) throws Exception {
        SourceLocation location = SourceLocation.parse(url);
        assertThat(location.literal()).isNull();
        assertThat(location.host()).isEqualTo(host);
        assertThat(location.port()).isEqualTo(port);
        assertThat(location.target()).isEqualTo(target);
    }
}
