package io.sites.app;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

/**
 * A real DNS server on loopback UDP for the domain tests, answering TXT (and A) queries from records the test sets: the
 * service asks it over the wire exactly as it asks an operator's resolver (SITES_DNS_RESOLVER). In-process because
 * Debian's dnsmasq cannot be installed here (no Debian mirror is reachable); dnsjava encodes the messages.
 */
public final class TestDns implements AutoCloseable {
    /** One for the whole test run: every context asks the same server, each test under its own names. */
    public static final TestDns SHARED = start();

    private final DatagramSocket socket;
    private final Map<String, List<String>> txt = new ConcurrentHashMap<>();
    /** A records: where an ACME CA under test (pebble) connects to validate a hostname. */
    private final Map<String, InetAddress> addresses = new ConcurrentHashMap<>();

    private TestDns(DatagramSocket socket) {
        this.socket = socket;
        Thread thread = new Thread(this::serve, "test-dns");
        thread.setDaemon(true);
        thread.start();
    }

    private static TestDns start() {
        try {
            return new TestDns(new DatagramSocket(0, InetAddress.getLoopbackAddress()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** host:port, for SITES_DNS_RESOLVER. */
    public String address() {
        return "127.0.0.1:" + socket.getLocalPort();
    }

    public void setTxt(String name, String... values) {
        txt.put(key(name), List.of(values));
    }

    public void remove(String name) {
        txt.remove(key(name));
        addresses.remove(key(name));
    }

    /** An A record for the name (an AAAA query for it gets an empty answer). */
    public void setAddress(String name, InetAddress address) {
        addresses.put(key(name), address);
    }

    private static String key(String name) {
        return (name.endsWith(".") ? name : name + ".").toLowerCase(java.util.Locale.ROOT);
    }

    private void serve() {
        byte[] buffer = new byte[1500];
        while (!socket.isClosed()) {
            try {
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                socket.receive(packet);
                Message query = new Message(java.util.Arrays.copyOf(packet.getData(), packet.getLength()));
                Message answer = answer(query);
                byte[] out = answer.toWire();
                socket.send(new DatagramPacket(out, out.length, packet.getSocketAddress()));
            } catch (IOException | RuntimeException ignored) {
                // A closed socket ends the loop; a malformed query gets no answer.
            }
        }
    }

    private Message answer(Message query) throws IOException {
        if (query.getQuestion() == null) {
            throw new IOException("No question");
        }
        Message answer = new Message(query.getHeader().getID());
        answer.getHeader().setFlag(Flags.QR);
        answer.getHeader().setFlag(Flags.AA);
        Record question = query.getQuestion();
        answer.addRecord(question, Section.QUESTION);
        String name = question.getName().toString().toLowerCase(java.util.Locale.ROOT);
        InetAddress address = addresses.get(name);
        if (address != null && (question.getType() == Type.A || question.getType() == Type.AAAA)) {
            if (question.getType() == Type.A) {
                answer.addRecord(new ARecord(question.getName(), DClass.IN, 60, address), Section.ANSWER);
            }
            return answer;
        }
        List<String> values = txt.get(name);
        if (values == null) {
            answer.getHeader().setRcode(Rcode.NXDOMAIN);
            return answer;
        }
        if (question.getType() == Type.TXT) {
            for (String value : values) {
                answer.addRecord(new TXTRecord(Name.fromString(question.getName().toString()), DClass.IN, 60, value),
                        Section.ANSWER);
            }
        }
        return answer;
    }

    @Override
    public void close() {
        socket.close();
    }
}
