package io.sites.cli;

import java.net.URI;
import java.util.List;
import java.util.function.Consumer;

/**
 * Opens an address in the person's browser: java.awt.Desktop where it can browse, else {@code open} (macOS) or
 * {@code xdg-open}. Failing quietly is fine: the sign-in and {@code sites open} print the address in any case.
 */
final class SystemBrowser implements Consumer<URI> {
    @Override
    public void accept(URI address) {
        try {
            if (!java.awt.GraphicsEnvironment.isHeadless() && java.awt.Desktop.isDesktopSupported()
                    && java.awt.Desktop.getDesktop().isSupported(java.awt.Desktop.Action.BROWSE)) {
                java.awt.Desktop.getDesktop().browse(address);
                return;
            }
        } catch (Exception | LinkageError noDesktop) {
            // a JRE without java.desktop, or no display: the commands below, else the printed address
        }
        String opener = System.getProperty("os.name", "").toLowerCase().contains("mac") ? "open" : "xdg-open";
        try {
            new ProcessBuilder(List.of(opener, address.toString())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException noOpener) {
            // nothing to open it with: the printed address is the way
        }
    }
}
