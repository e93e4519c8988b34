import org.jpos.iso.ISOMsg;
import org.jpos.iso.ISOServer;
import org.jpos.iso.channel.PostChannel;
import org.jpos.iso.packager.ISO87APackager;
import org.jpos.util.ThreadPool;

/**
 * An ISO 8583 acquirer host that approves everything at once, for bench/acquirer.sh: jPOS's ISOServer with
 * ISO87APackager on a PostChannel (what gateway 2 speaks). jPOS is AGPL and in the project's test scope only; the
 * script runs this file with the test classpath. Usage: java -cp <jPOS classpath> bench/IsoHost.java PORT
 */
public class IsoHost {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        ISOServer server = new ISOServer(port, new PostChannel(new ISO87APackager()), new ThreadPool(8, 400, "iso-host"));
        server.addISORequestListener((source, request) -> {
            try {
                ISOMsg answer = (ISOMsg) request.clone();
                String mti = request.getMTI();
                answer.setResponseMTI();
                if (answer.getMTI().endsWith("1")) {
                    answer.setMTI(answer.getMTI().substring(0, 3) + "0");
                }
                answer.unset(new int[] {2, 14, 35, 48, 52});
                answer.set(39, "00");
                if ("0100".equals(mti) || "0200".equals(mti)) {
                    answer.set(38, "BENCH1");
                }
                source.send(answer);
            } catch (Exception e) {
                // the connection went away
            }
            return true;
        });
        System.out.println("ISO 8583 host listening on " + port);
        server.run();
    }
}
