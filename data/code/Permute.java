// N queens as permutations: each file takes a rank no
// earlier file uses, and the diagonals prune the search.
import java.util.StringJoiner;

public class Permute {
    static int n, count;
    static int[] x;
    static boolean[] rankUsed, upUsed, downUsed;

    static void solve(int file) {
        for (int rank = 0; rank < n; rank++) {
            if (rankUsed[rank])
                continue;
            int up = file - rank + n - 1, down = file + rank;
            if (upUsed[up] || downUsed[down])
                continue;
            x[file] = rank;
            rankUsed[rank] = upUsed[up] = downUsed[down] = true;
            if (file == n - 1) {
                count++;
                print(x);
            } else {
                solve(file + 1);
            }
            rankUsed[rank] = upUsed[up] = downUsed[down] = false;
        }
    }

    // A solution, its ranks 1-based by file, as nqueens check reads it.
    static void print(int[] ranks) {
        StringJoiner line = new StringJoiner(" ");
        for (int rank : ranks)
            line.add(String.valueOf(rank + 1));
        System.out.println(line);
    }

    public static void main(String[] args) {
        n = Integer.parseInt(args[0]);
        x = new int[n];
        rankUsed = new boolean[n];
        upUsed = new boolean[2 * n - 1]; // file - rank + n - 1
        downUsed = new boolean[2 * n - 1]; // file + rank
        solve(0);
        System.out.println(count);
    }
}
