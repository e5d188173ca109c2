# 2D fast paths (src/sat2.c separating axes, src/special2.c closed forms, hill-climbing supports) against the
# brute-force oracle of oracle2.c, with named regressions.
gjk_add_test(test_sat2 test_sat2.c check2.c oracle2.c)
