package io.sites.command.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** Up to the cap a body reads as it is; one byte past it the reader's own refusal, and never more asked of the source. */
class CappedInputStreamTest {

    @Test
    void aBodyAtTheCapReadsWhole() throws IOException {
        byte[] body = new byte[1000];
        assertThat(new CappedInputStream(new ByteArrayInputStream(body), 1000, Refused::new).readAllBytes())
                .isEqualTo(body);
    }

    @Test
    void oneBytePastTheCapIsTheReadersRefusalAndTheSourceIsNotAskedForMore() {
        Source source = new Source(10_000);
        InputStream capped = new CappedInputStream(source, 1000, Refused::new);
        assertThatThrownBy(() -> capped.read(new byte[8192])).isInstanceOf(Refused.class);
        assertThat(source.given).as("one byte past the cap, no more").isEqualTo(1001);
        assertThatThrownBy(capped::read).as("and refused again after that").isInstanceOf(Refused.class);
        assertThat(source.given).isEqualTo(1001);
    }

    @Test
    void singleBytesAreCountedToo() throws IOException {
        InputStream capped = new CappedInputStream(new Source(10), 2, Refused::new);
        assertThat(capped.read()).isZero();
        assertThat(capped.read()).isZero();
        assertThatThrownBy(capped::read).isInstanceOf(Refused.class);
    }

    @Test
    void noCapToSpeakOfDoesNotOverflow() throws IOException {
        assertThat(new CappedInputStream(new Source(5000), Long.MAX_VALUE, Refused::new).readAllBytes()).hasSize(5000);
    }

    private static final class Refused extends RuntimeException {
    }

    /** Zeros, and how many it handed out. */
    private static final class Source extends InputStream {
        private final long size;
        long given;

        Source(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            if (given >= size) {
                return -1;
            }
            given++;
            return 0;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (given >= size) {
                return -1;
            }
            int n = (int) Math.min(len, size - given);
            given += n;
            return n;
        }
    }
}
